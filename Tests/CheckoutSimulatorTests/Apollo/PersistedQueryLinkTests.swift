import Foundation
import Testing
@testable import CheckoutSimulator

/// Apollo Client's `createPersistedQueryLink` as a Python client plays it (docs/apollo.md): the
/// hash of the query as graphql-js prints it (graphql-core's `print_ast`, hashlib), sent by GET
/// first (`useGETForHashedQueries`), then POSTed with its text when the server asks for it.
struct PersistedQueryLinkTests {
    static let script = #"""
import hashlib, json, sys, urllib.parse
import requests
from graphql import parse, print_ast
url = sys.argv[1]
out = []
for source in ["query Brands { brands { id name } }", "query Page($first: Int) { products(first: $first) { totalCount nodes { id } } }"]:
    printed = print_ast(parse(source))
    extensions = {"persistedQuery": {"version": 1, "sha256Hash": hashlib.sha256(printed.encode()).hexdigest()}}
    name = parse(source).definitions[0].name.value
    variables = {"first": 2} if "$first" in source else {}
    params = {"operationName": name, "variables": json.dumps(variables), "extensions": json.dumps(extensions)}
    headers = {"Accept": "application/graphql-response+json,application/json;q=0.9"}
    miss = requests.get(url + "?" + urllib.parse.urlencode(params), headers=headers)
    retry = requests.post(url, json={"operationName": name, "variables": variables, "query": printed, "extensions": extensions}, headers=headers)
    hit = requests.get(url + "?" + urllib.parse.urlencode(params), headers=headers)
    out.append([miss.status_code, miss.text, retry.status_code, retry.text, hit.status_code, hit.text])
print(json.dumps(out))
"""#

    @Test func aPersistedQueryLinkMissesRetriesWithTheTextThenHits() async throws {
        guard Processes.graphQLCoreAvailable, ConnectionFaultTests.pythonRequestsAvailable else { return }
        try await ServerHarness.with { harness in
            let result = try Processes.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", Self.script, try harness.url("/graphql").absoluteString])
            #expect(result.status == 0, "\(result.stderr)")
            let rounds = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[Any]])
            #expect(rounds.count == 2)
            for round in rounds {
                #expect(round[0] as? Int == 200, "a miss is 200, so the link retries")
                #expect(round[1] as? String == ApolloWireTests.notFound)
                #expect(round[2] as? Int == 200)
                #expect((round[3] as? String)?.hasPrefix(#"{"data":"#) == true, "\(round[3])")
                #expect(round[4] as? Int == 200)
                #expect(round[5] as? String == round[3] as? String, "the GET hit answers what the POST did")
            }
        }
    }
}

/// The registered documents are bounded in bytes; the oldest registered leave first, and a
/// manifest's documents never leave.
struct PersistedQueryStoreTests {
    @Test func registeredDocumentsAreBoundedOldestFirst() {
        var manifest = PersistedQueries.Manifest()
        manifest.documents["pinned"] = "{ brands { id } }"
        let store = PersistedQueries(manifest: manifest)
        let third = PersistedQueries.maxLearnedBytes / 3 + 1
        let texts = (0..<4).map { index in "# \(index)\n" + String(repeating: " ", count: third) + "{ brands { id } }" }
        for (index, text) in texts.enumerated() { store.register(text, hash: "h\(index)") }
        // Each is a little over a third of the bound: two fit.
        #expect(store.text(for: "h0") == nil && store.text(for: "h1") == nil, "the oldest left to keep the bound")
        #expect(store.text(for: "h2") == texts[2] && store.text(for: "h3") == texts[3])
        #expect(store.text(for: "pinned") == "{ brands { id } }")
        store.register("{ other }", hash: "pinned")
        #expect(store.text(for: "pinned") == "{ brands { id } }", "a manifest's id is not taken over")
    }
}
