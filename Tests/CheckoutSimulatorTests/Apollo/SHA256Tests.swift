import CheckoutSimSupport
import Foundation
import Testing

/// SHA-256 (docs/apollo.md#automatic-persisted-queries), written here: FIPS 180-4's examples,
/// then Python's `hashlib` on inputs of every length from 0 to 300.
struct SHA256Tests {
    struct Vector: CustomTestStringConvertible, Sendable {
        let name: String
        let message: [UInt8]
        let digest: String
        var testDescription: String { name }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    @Test(arguments: [
        Vector(name: "empty", message: [], digest: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        Vector(name: "abc", message: Array("abc".utf8), digest: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        Vector(name: "448 bits", message: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
               digest: "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        Vector(name: "896 bits",
               message: Array("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu".utf8),
               digest: "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
        Vector(name: "a million a", message: [UInt8](repeating: 0x61, count: 1_000_000),
               digest: "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
    ])
    func fipsExamples(_ vector: Vector) {
        #expect(Self.hex(SHA256.hash(vector.message)) == vector.digest)
        // Fed in uneven pieces, the running hash gives the same digest.
        var hasher = SHA256()
        var offset = 0
        var piece = 1
        while offset < vector.message.count {
            let end = min(vector.message.count, offset + piece)
            hasher.update(Array(vector.message[offset..<end]))
            offset = end
            piece = piece * 3 % 257 + 1
        }
        #expect(Self.hex(hasher.finalize()) == vector.digest)
    }

    @Test func hexIsLowercase() {
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func agreesWithPythonsHashlibOnEveryLengthUpTo300() throws {
        guard let result = try? Processes.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import hashlib"]), result.status == 0 else {
            FileHandle.standardError.write(Data("SKIPPING the hashlib comparison: no python3 (.ci/run installs it)\n".utf8))
            return
        }
        // Seeded bytes (a 64-bit LCG): the same inputs every run.
        var state: UInt64 = 0x9E3779B97F4A7C15
        var messages: [[UInt8]] = []
        for length in 0...300 {
            var message: [UInt8] = []
            for _ in 0..<length {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                message.append(UInt8(truncatingIfNeeded: state >> 56))
            }
            messages.append(message)
        }
        let input = messages.map(Self.hex).joined(separator: "\n") + "\n"
        let script = "import hashlib, sys\nfor line in sys.stdin.read().split('\\n')[:-1]:\n    print(hashlib.sha256(bytes.fromhex(line)).hexdigest())\n"
        let python = try Processes.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script], input: input)
        let expected = python.stdout.split(separator: "\n").map(String.init)
        #expect(expected.count == 301, "\(python.stderr)")
        for (length, message) in messages.enumerated() where length < expected.count {
            #expect(Self.hex(SHA256.hash(message)) == expected[length], "length \(length)")
        }
    }

    /// HMAC-SHA-256, what an ID token is signed with (docs/customers.md#customer-accounts): RFC 4231's
    /// test cases 2 (a short key) and 6 (a key longer than a block).
    @Test func hmacMatchesRFC4231() {
        #expect(Self.hex(SHA256.hmac(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
            == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(Self.hex(SHA256.hmac(key: [UInt8](repeating: 0xAA, count: 131), message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)))
            == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    /// Base64url without padding (RFC 4648 §5), what a PKCE challenge is written in.
    @Test func base64URLUsesTheURLAlphabetWithoutPadding() {
        #expect(Base64.urlEncode([0xFB, 0xFF, 0xBF]) == "-_-_")
        #expect(Base64.urlEncode([0xFB, 0xFF]) == "-_8")
        #expect(Base64.urlEncode([]) == "")
    }
}
