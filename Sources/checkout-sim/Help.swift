/// The text of `checkout-sim --help` and `checkout-sim help COMMAND`.
enum Help {
    static let overview = """
        checkout-sim — a deterministic GraphQL mock shop

        USAGE: checkout-sim <command> [options]

        COMMANDS:
          run [PATH…]        Replay scenario files or folders (default: Scenarios/)
          query [DOC]        Run one GraphQL request and print the response
          serve              Serve the shop over HTTP (playground at /), or --stdio lines
          schema             Print the schema as SDL
          fixtures check     Validate fixtures and list every problem
          bench              Measure the engine (build with -c release)
          help [COMMAND]     Show help for a command

        COMMON OPTIONS:
          --fixtures DIR     Use the fixtures in DIR instead of the bundled ones
          --seed N           Scratch-card seed (default: store.json's seed)
          --now ISO8601      Start the virtual clock here (default: store.json's now)
          --session NAME     Session to use (default: default)
          --pretty           Indented JSON output
          --compact          One-line JSON output

        EXIT CODES: 0 success, 1 bad command line, 2 invalid fixtures or input files,
                    3 runtime error, 4 a failed expectation.
        """

    static let commands: [String: String] = [
        "run": """
            USAGE: checkout-sim run [PATH…] [options]

            Replays .scenario files (folders are searched one level deep; default Scenarios/), in
            path order. Every file and its Operations/ folder is checked before anything runs.

            OPTIONS:
              --filter TEXT      Only scenarios whose name or file name contains TEXT
              --update           Write missing or changed snapshots (nothing else ever writes)
              --junit FILE       Write a JUnit XML report
              --json FILE        Write a JSON report
              --fail-fast        Stop after the first failing scenario
              --verbose          Print every request and response
              --narrate          Tell the journey: product tables, cart boxes, receipts
              --var NAME=VALUE   A value for {{NAME}} (repeatable)
              --no-color         No colour, even on a terminal

            EXIT CODES: 0 all passed, 2 a file failed to parse or validate, 3 a runtime error,
                        4 an expectation or snapshot failed.
            """,
        "query": """
            USAGE: checkout-sim query [DOC] [--file F] [--variables JSON | --variables-file F] [--operation NAME]

            Runs one GraphQL request against a fresh simulator and prints the response
            (pretty by default; --compact for one line). Exits 0 whenever a response was produced,
            even one that carries GraphQL errors.

            EXAMPLE:
              checkout-sim query '{ products(first: 3) { nodes { id name price { formatted } } } }'
            """,
        "serve": """
            USAGE: checkout-sim serve [--port N] [--host ADDR] [--cors ORIGIN] [--preload FILE] [--quiet]
                   checkout-sim serve --stdio

            Serves the shop over HTTP/1.1 until SIGINT or SIGTERM (requests in flight are finished):
              POST/GET /graphql   GraphQL over HTTP; a JSON array is a batch
              GET /               the playground
              GET /schema.graphql the schema as SDL; GET /healthz
              POST /__sim/reset, /__sim/advance {"by":"2h"}, /__sim/network, /__sim/scenario
            The session is the X-Checkout-Session header, a ?session= parameter or the body's "session".
            One line per request goes to standard error unless --quiet.

            With --stdio, reads one JSON request per line from standard input:
              {"query": "...", "variables": {...}, "operationName": "...", "session": "alice"}
            and writes one compact JSON response per line, flushed. State carries over between lines.
            Control lines: {"reset": true} restores the initial state; {"advance": "2h"} moves the
            virtual clock (units s, m, h, d). A malformed line gets a BAD_REQUEST error and the loop goes on.

            OPTIONS:
              --port N           TCP port (default 4000; 0 picks a free one, printed on start)
              --host ADDR        Address to listen on (default 127.0.0.1; 0.0.0.0 has no authentication)
              --cors ORIGIN      Access-Control-Allow-Origin (default *)
              --preload FILE     Run a .scenario file's steps before serving
              --quiet            No request log
              --stdio            JSON lines over standard input and output instead of HTTP
            """,
        "schema": """
            USAGE: checkout-sim schema

            Prints the schema as SDL, as graphql-js's printSchema would.
            """,
        "fixtures": """
            USAGE: checkout-sim fixtures check [DIR]

            Validates the fixtures in DIR (or --fixtures DIR, or the bundled ones) and lists every
            problem as FILE: JSON-PATH: message. Exits 2 when there is any.
            """,
        "bench": """
            USAGE: checkout-sim bench [--iterations N] [--json] [--case TEXT] [--catalog N]
                   checkout-sim bench --query FILE [--variables JSON] [--iterations N]
                   checkout-sim bench --http [--url URL] [--connections 1,64] [--duration S] [--json]

            Measures parse and validate, requests, journeys, fixture loads and a generated catalog
            in process, and prints the median and p99 of each case (microseconds) and peak memory.
            Run it from a release build (swift run -c release checkout-sim bench).

            OPTIONS:
              --iterations N     Timed runs per case (default 1000; slow cases use fewer)
              --json             One JSON object per case instead of the table
              --case TEXT        Only the cases whose names contain TEXT
              --catalog N        Products in the generated catalog (default 100000)
              --query FILE       Measure one request from FILE against the bundled shop
              --http             The server over loopback keep-alive connections: the listing query
                                 cached (same document) and cold (each document new), req/s, p50
                                 and p99; then 256 idle connections' memory and 50 stalled ones' CPU
              --url URL          Load another GraphQL endpoint the same way (a peer, or `serve`)
              --connections L    Connection counts for --http (default 1,64)
              --duration S       Seconds measured per run (default 3, after 0.5 s of warm-up)
            """,
    ]
}
