export const USAGE = `msgscope — debug LLM agent message histories

Usage:
  msgscope check FILE|- [--json] [--format NAME]
      Read a history (a file, or - for stdin), list what is wrong with it and total its tokens.
      Exit 0: no error findings; 1: error findings; 2: the input could not be read.
      --json         print one JSON object instead of the report
      --format NAME  skip detection and read the input as format NAME
  msgscope open FILE [--port N]
      Serve the built app on 127.0.0.1 with FILE loaded; stop with Ctrl+C.
      --port N       port to listen on (default 5178, or any free port if that one is taken)
  msgscope --help
`;
