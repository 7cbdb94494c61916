/// The seeded scratch-card draw of docs/schema.md#scratch-cards, reproducible in any language.
package enum ScratchDraw {
    /// FNV-1a, 64-bit, over `bytes`.
    package static func fnv1a64<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// One SplitMix64 step from `state`.
    package static func splitMix64(_ state: UInt64) -> UInt64 {
        var z = state &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The index of the reward drawn for `seed:session:card`; nil when the weights sum to zero.
    package static func rewardIndex(seed: UInt64, session: String, card: String, weights: [Int]) -> Int? {
        let total = weights.reduce(0) { $0 + max(0, $1) }
        guard total > 0 else { return nil }
        let z = splitMix64(fnv1a64("\(seed):\(session):\(card)".utf8))
        let r = z % UInt64(total)
        var running: UInt64 = 0
        for (index, weight) in weights.enumerated() {
            running += UInt64(max(0, weight))
            if running > r { return index }
        }
        return nil
    }
}
