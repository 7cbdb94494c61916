import CheckoutSimSupport

/// What a route hands back to its connection's event loop. Nothing in a route blocks the loop
/// thread: a wait is a timer, and work that may run for long runs on a thread of its own.
enum RouteReply: Sendable {
    /// The delivery, written now.
    case now(Delivery)
    /// An injected latency: the loop waits `nanoseconds` on a timer, then makes the delivery.
    /// A client that leaves first gets nothing (and the request is logged as dropped); a
    /// stopping server cuts the wait short.
    case after(nanoseconds: Int, then: @Sendable () -> Delivery)
    /// Work that may take long (a posted scenario, a recording export, making a sandbox), run on
    /// a thread of its own so the loop's other connections are served meanwhile; it watches the
    /// client itself.
    case onOwnThread(@Sendable () -> Delivery)
}
