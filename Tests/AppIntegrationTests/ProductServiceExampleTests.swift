import Foundation
import Testing
import CheckoutSimulator
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The README's URLProtocol example: an app's own service, unchanged, tested against the simulator.

struct ProductService {
    struct Product: Decodable, Equatable {
        let id: String
        let name: String
    }

    private struct Envelope: Decodable {
        struct Products: Decodable { let nodes: [Product] }
        struct Payload: Decodable { let products: Products }
        let data: Payload
    }

    let session: URLSession
    let endpoint: URL

    func firstProducts(_ count: Int) async throws -> [Product] {
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let body: [String: Any] = ["query": "query ($n: Int) { products(first: $n) { nodes { id name } } }", "variables": ["n": count]]
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let (data, _) = try await session.data(for: request)
        return try JSONDecoder().decode(Envelope.self, from: data).data.products.nodes
    }
}

struct ProductServiceExampleTests {
    @Test func productServiceTalksToTheSimulator() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        let route = SimulatorURLProtocol.register(try Simulator(), baseURL: "https://shop.example/graphql", in: configuration)
        defer { route.unregister() }
        let service = ProductService(
            session: URLSession(configuration: configuration), endpoint: try #require(URL(string: "https://shop.example/graphql")))

        let products = try await service.firstProducts(2)

        #expect(products == [.init(id: "iphone-15", name: "iPhone 15 128 GB"), .init(id: "iphone-15-256", name: "iPhone 15 256 GB")])
    }

    @Test func responsesDecodeIntoTheCallersTypes() throws {
        struct Brands: Decodable { struct Brand: Decodable { let id: String }; let brands: [Brand] }
        let response = try Simulator().execute("{ brands { id } }")
        #expect(try response.decode(Brands.self).brands.first?.id == "apple")
        #expect(throws: ResponseDecodingError.self) { try Simulator().execute("{ nope }").decode(Brands.self) }
    }
}
