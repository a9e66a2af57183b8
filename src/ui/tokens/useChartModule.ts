import { lazyModule } from '../views/lazyModule';

// The chart's module, with uPlot and its stylesheet, loaded when the Tokens view has usage to draw.
const chart = lazyModule(() => import('./ContextChart'));

export const loadChart = chart.load;
export const useChartModule = chart.use;
