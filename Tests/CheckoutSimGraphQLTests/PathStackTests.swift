import Testing
@testable import CheckoutSimGraphQL

/// `PathStack`, the executor's path: steps come back in order however often its block grows.
struct PathStackTests {
    @Test(arguments: [1, 2, 16])
    func stepsSurviveGrowingAndPopping(capacity: Int) {
        var stack = PathStack(capacity: capacity)
        let startsEmpty = stack.isEmpty
        #expect(startsEmpty)
        for index in 0..<40 { stack.push(.index(index)) }
        let count = stack.count
        #expect(count == 40)
        let all = stack.components
        #expect(all == (0..<40).map { PathComponent.index($0) })
        for _ in 0..<25 { stack.pop() }
        stack.push(.index(99))
        let after = stack.components
        #expect(after == (0..<15).map { PathComponent.index($0) } + [.index(99)])
        for _ in 0..<16 { stack.pop() }
        let endsEmpty = stack.isEmpty && stack.components.isEmpty
        #expect(endsEmpty)
    }
}
