import { CONVERT_TARGETS } from '../core/convert';
import { TARGETS } from '../core/providers/targets';

// html is the single HTML file: the app with the whole input in it (src/cli/convertHtml.ts).
const targets = [...CONVERT_TARGETS.map((entry) => entry.target), 'html'].join(', ');

export const USAGE = `msgscope — debug LLM agent message histories

Usage:
  msgscope check FILE|- [--json] [--format NAME] [--conversation N]
      Read a history (a file, or - for stdin), list what is wrong with it, say which providers
      would accept it as the next request, and total its tokens and cost.
      Exit 0: no error findings; 1: error findings; 2: the input could not be read.
      --json             print one JSON object instead of the report
      --format NAME      skip detection and read the input as format NAME (see msgscope formats)
      --conversation N   of a file of several conversations (eval samples, dataset rows…), check
                         only the Nth (from 1) or the one labelled N; all are checked otherwise
  msgscope convert FILE|- --to TARGET [-o OUT] [--format NAME] [--conversation N]
      Write the history in another format; what TARGET cannot express is listed on stderr.
      TARGET is a request body (openai-chat, openai-responses, anthropic, gemini), AI SDK
      ModelMessages (vercel-ai), LangChain stored messages, msgscope JSON or a Markdown report.
      --to html writes one HTML file with the app and the whole input in it, which opens from
      file:// with no network (--conversation N opens on that conversation).
      Exit 0: written; 2: the input could not be read or the output not written.
      --to TARGET        one of ${targets}
      -o, --output OUT   write to OUT instead of stdout
      --format NAME      as for check
      --conversation N   of several conversations, write the Nth (from 1) or the one labelled N
                         (default: the first)
  msgscope redact FILE|- [-o OUT]
      Write the input with every possible secret (API keys, tokens, private keys) replaced by
      [REDACTED:<kind>], every other byte kept; list on stderr what was replaced (kind, masked
      value, line, message). A gzip is written back uncompressed; a zip archive is refused.
      Exit 0: written; 2: the input could not be read or the output not written.
      -o, --output OUT   write to OUT instead of stdout
  msgscope repair FILE|- [--for TARGET] [-o OUT] [--format NAME]
      Fix what has a mechanical fix (docs/RULES.md, "Repair"): answer an orphaned call with a result
      saying it was interrupted, drop a result no call issued, move results next to their call, make
      repeated ids unique, move late system messages to the start, drop empty AI messages. The history
      is written in the format it came in (a format repair cannot write back is converted, and it says
      so); every edit is listed on stderr (on stdout with -o), and what was not repaired, with why.
      Exit 0: the repaired history is accepted by TARGET (every target without --for), as its verdicts
      read back from the output say; 1: some findings could not be repaired; 2: the input could not
      be read or the output not written.
      --for TARGET       one of ${TARGETS.join(', ')}: repair what that target rejects
      -o, --output OUT   write the repaired history to OUT instead of stdout
      --format NAME      as for check
  msgscope formats
      List the formats msgscope reads (name and label), in detection order.
  msgscope open FILE [--port N] [--host H]
      Serve the built app on 127.0.0.1 with FILE loaded; stop with Ctrl+C.
      --port N           port to listen on (default 5178, or any free port if that one is taken)
      --host H           listen on address H instead (an IP address or a host name); requests must
                         name H or a loopback name as their Host. Whoever reaches H can read FILE
  msgscope serve [--port N] [--host H] [--data DIR] [--max-bytes N] [--store s3://BUCKET/PREFIX]
      Run a share server for short, end-to-end encrypted links: the app and an API that stores
      blobs it cannot read (the key stays in the link). Prints its URL; stop with Ctrl+C (requests
      under way finish first). docs/SHARING.md says how to run it for others.
      --port N           port to listen on (default 5179; short links carry it, so no fallback)
      --host H           listen on address H (default 127.0.0.1; 0.0.0.0 or :: for every interface)
      --data DIR         where the SQLite store keeps shares.sqlite (default ./msgscope-shares)
      --max-bytes N      largest share taken, in bytes (default 50000000)
      --store s3://B/P   keep the blobs in S3-compatible storage instead (AWS S3, R2, MinIO, Ceph):
                         endpoint and credentials from AWS_ENDPOINT_URL, AWS_REGION, AWS_ACCESS_KEY_ID…
      --s3-path-style    address the bucket as ENDPOINT/BUCKET (MinIO, Ceph without wildcard DNS)
      --allow-host NAMES also answer requests whose Host is one of NAMES (comma-separated): the name
                         a reverse proxy or DNS gives the server; other names get 421
      --allow-origin O   let pages of these origins (comma-separated, or *) call the API: an app
                         deployed elsewhere that names this server in msgscope.config.json
      --trust-proxy      count requests by the last X-Forwarded-For address (behind a reverse proxy)
      --upload-rate N    uploads a minute per client address (default 30; reads: 20 times that)
  msgscope share FILE|- [--base URL] [--redact | --keep-secrets]
      Print a link that carries the history in its fragment (#h=…, which no server sees), on the
      URL msgscope open serves (http://127.0.0.1:5178/) or --base URL. Exit 2 when the link would be
      over 2,000,000 characters (use --server, or convert --to html) or the history holds possible
      secrets (listed masked on stderr) and neither of these says what to do:
      --redact           replace each possible secret by [REDACTED:<kind>] first
      --keep-secrets     share them as they are
  msgscope share FILE|- --server URL [--expires 1d|30d|never] [--redact | --keep-secrets]
      Encrypt the history here (AES-GCM, a new key), upload it to the share server at URL
      (msgscope serve) and print the short link URL/#s=<id>.<key>; the key is only in the link.
      The delete token and how to delete the share go to stderr.
      --expires          when the server drops it (default 30d)
  msgscope --help
`;
