import { CONVERT_TARGETS } from '../core/convert';

const targets = CONVERT_TARGETS.map((entry) => entry.target).join(', ');

export const USAGE = `msgscope — debug LLM agent message histories

Usage:
  msgscope check FILE|- [--json] [--format NAME] [--conversation N]
      Read a history (a file, or - for stdin), list what is wrong with it, say which providers
      would accept it as the next request, and total its tokens.
      Exit 0: no error findings; 1: error findings; 2: the input could not be read.
      --json             print one JSON object instead of the report
      --format NAME      skip detection and read the input as format NAME (see msgscope formats)
      --conversation N   of a file of several conversations (eval samples, dataset rows…), check
                         only the Nth (from 1) or the one labelled N; all are checked otherwise
  msgscope convert FILE|- --to TARGET [-o OUT] [--format NAME] [--conversation N]
      Write the history in another format; what TARGET cannot express is listed on stderr.
      Exit 0: written; 2: the input could not be read or the output not written.
      --to TARGET        one of ${targets}
      -o, --output OUT   write to OUT instead of stdout
      --format NAME      as for check
      --conversation N   of several conversations, write the Nth (from 1) or the one labelled N
                         (default: the first)
  msgscope formats
      List the formats msgscope reads (name and label), in detection order.
  msgscope open FILE [--port N]
      Serve the built app on 127.0.0.1 with FILE loaded; stop with Ctrl+C.
      --port N           port to listen on (default 5178, or any free port if that one is taken)
  msgscope --help
`;
