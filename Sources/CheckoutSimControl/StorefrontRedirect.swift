import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension ShopControl {
    /// Sends an app's Shopify Storefront traffic to a running `checkout-sim serve` (docs/storefront.md#apps).
    ///
    /// Apps build `https://SHOP.myshopify.com/api/VERSION/graphql.json` (the Buy SDK's `Graph.Client`:
    /// `…/graphql`) from a shop domain, and iOS
    /// refuses plain HTTP to other hosts, so the app's debug build registers this `URLProtocol`; an
    /// XCUITest turns it on with a launch argument naming the server (and sandbox):
    ///
    /// ```swift
    /// // In the app, debug builds only:
    /// ShopControl.StorefrontRedirect.registerIfRequested()          // reads -CheckoutSimStorefront URL
    /// // In the UI test:
    /// app.launchArguments += ShopControl.StorefrontRedirect.launchArguments(for: sandbox)
    /// ```
    ///
    /// Every request to a `*.myshopify.com` host under `/api/` (`/api/VERSION/graphql.json`,
    /// `/api/VERSION/graphql`, whatever the version or scheme: none reaches the real shop while
    /// this is on), `/.well-known/` and to the checkout pages (`/checkouts/…` and `/cart/c/…`), and
    /// to Shopify's customer accounts (`https://shopify.com/authentication/SHOP_ID/…` and
    /// `https://shopify.com/SHOP_ID/account/customer/api/…`, docs/customers.md#customer-accounts)
    /// goes to the same path on the server, method, header fields and body unchanged; every other
    /// request is left alone.
    public final class StorefrontRedirect: URLProtocol {
        /// The launch argument that names the server: `-CheckoutSimStorefront http://127.0.0.1:4000[/sandbox/NAME]`.
        public static let launchArgument = "-CheckoutSimStorefront"

        private static let state = RedirectState()

        /// Where redirected requests go now; nil when redirection is off.
        public static var server: URL? { state.server }

        /// Turns redirection on, towards `server` (`http://HOST:PORT`, or a sandbox's `…/sandbox/NAME`),
        /// for `URLSession.shared` and, when given, sessions made from `configuration`.
        public static func register(server: URL, in configuration: URLSessionConfiguration? = nil) {
            state.server = server
            _ = URLProtocol.registerClass(StorefrontRedirect.self)
            if let configuration {
                configuration.protocolClasses = [StorefrontRedirect.self] + (configuration.protocolClasses ?? [])
            }
        }

        /// Turns redirection on when the process was launched with `-CheckoutSimStorefront URL`;
        /// false, changing nothing, otherwise (a release run, or a UI test that does not ask).
        @discardableResult
        public static func registerIfRequested(
            arguments: [String] = ProcessInfo.processInfo.arguments, in configuration: URLSessionConfiguration? = nil
        ) -> Bool {
            guard let index = arguments.firstIndex(of: launchArgument), index + 1 < arguments.count,
                  let server = URL(string: arguments[index + 1]), server.scheme == "http" || server.scheme == "https"
            else { return false }
            register(server: server, in: configuration)
            return true
        }

        /// The launch arguments that turn redirection on towards `shop`'s server and sandbox.
        public static func launchArguments(for shop: ShopControl) -> [String] {
            [launchArgument, shop.shopURL.absoluteString]
        }

        /// Turns redirection off.
        public static func unregister() {
            state.server = nil
            URLProtocol.unregisterClass(StorefrontRedirect.self)
        }

        /// Whether `url` is Storefront traffic this protocol sends on: a `myshopify.com` host and an
        /// API, checkout or discovery (`/.well-known/…`) path, or Shopify's customer accounts
        /// on `shopify.com`: `/authentication/SHOP_ID/…` and `/SHOP_ID/account/customer/api/…`.
        public static func redirects(_ url: URL) -> Bool {
            guard url.scheme == "https" || url.scheme == "http", let host = url.host?.lowercased() else { return false }
            let parts = url.path.split(separator: "/")
            if host == "shopify.com" {
                return parts.first == "authentication" || (parts.count >= 4 && parts[1] == "account" && parts[2] == "customer" && parts[3] == "api")
            }
            guard host == "myshopify.com" || host.hasSuffix(".myshopify.com") else { return false }
            let api = parts.first == "api" || parts.first == ".well-known"
            let checkout = parts.first == "checkouts" || (parts.count >= 2 && parts[0] == "cart" && parts[1] == "c")
            return api || checkout
        }

        public override class func canInit(with request: URLRequest) -> Bool {
            guard state.server != nil, let url = request.url else { return false }
            return redirects(url)
        }

        public override class func canonicalRequest(for request: URLRequest) -> URLRequest {
            request
        }

        /// The session that carries redirected requests: it has no protocols of its own, so a
        /// request is redirected once.
        private static let transport: URLSession = {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.protocolClasses = []
            return URLSession(configuration: configuration)
        }()

        private let forwarding = Forwarding()

        public override func startLoading() {
            guard let server = Self.state.server, let url = request.url,
                  var components = URLComponents(url: server, resolvingAgainstBaseURL: false)
            else {
                client?.urlProtocol(self, didFailWithError: URLError(.unsupportedURL))
                return
            }
            components.percentEncodedPath = components.percentEncodedPath.trimmingSuffix("/") + url.path
            components.percentEncodedQuery = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery
            guard let target = components.url else {
                client?.urlProtocol(self, didFailWithError: URLError(.badURL))
                return
            }
            var forwarded = URLRequest(url: target)
            forwarded.httpMethod = request.httpMethod
            forwarded.allHTTPHeaderFields = request.allHTTPHeaderFields
            forwarded.httpBody = Self.body(of: request)
            let loading = Loading(protocol: self)
            let forwarding = self.forwarding
            let outgoing = forwarded
            // Started from another queue: on Linux, URL loading calls `startLoading` on a queue that
            // starting a second session's task from would wait on (a deadlock).
            DispatchQueue.global().async {
                let task = Self.transport.dataTask(with: outgoing) { data, response, error in
                    loading.finish(data: data, response: response, error: error)
                }
                forwarding.start(task)
            }
        }

        public override func stopLoading() {
            forwarding.cancel()
        }

        /// Carries the protocol instance to the forwarded request's completion. URL loading hands
        /// each instance to one loading at a time, and the completion is its only later use.
        private struct Loading: @unchecked Sendable {
            let `protocol`: StorefrontRedirect

            func finish(data: Data?, response: URLResponse?, error: Error?) {
                let this = `protocol`
                if let error {
                    this.client?.urlProtocol(this, didFailWithError: error)
                    return
                }
                if let response { this.client?.urlProtocol(this, didReceive: response, cacheStoragePolicy: .notAllowed) }
                if let data { this.client?.urlProtocol(this, didLoad: data) }
                this.client?.urlProtocolDidFinishLoading(this)
            }
        }

        /// The request's body, whether set as data or as a stream (URL loading hands the latter on).
        private static func body(of request: URLRequest) -> Data? {
            if let body = request.httpBody { return body }
            guard let stream = request.httpBodyStream else { return nil }
            stream.open()
            defer { stream.close() }
            var data = Data()
            var buffer = [UInt8](repeating: 0, count: 16_384)
            while stream.hasBytesAvailable {
                let read = stream.read(&buffer, maxLength: buffer.count)
                guard read > 0 else { break }
                data.append(buffer, count: read)
            }
            return data
        }
    }
}

/// The forwarded request's task, started on one queue and cancelled from another.
private final class Forwarding: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var cancelled = false

    func start(_ task: URLSessionDataTask) {
        lock.lock()
        defer { lock.unlock() }
        guard !cancelled else { return }
        self.task = task
        task.resume()
    }

    func cancel() {
        lock.lock()
        defer { lock.unlock() }
        cancelled = true
        task?.cancel()
    }
}

/// The server redirected requests go to, shared by every loading under a lock.
private final class RedirectState: @unchecked Sendable {
    private let lock = NSLock()
    private var value: URL?

    var server: URL? {
        get { lock.lock(); defer { lock.unlock() }; return value }
        set { lock.lock(); value = newValue; lock.unlock() }
    }
}

private extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
