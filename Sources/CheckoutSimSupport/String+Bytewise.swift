#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension String {
    /// Bytewise (UTF-8) ordering: the tie-break order of docs/schema.md#ordering-search-and-filters, the same in every locale.
    ///
    /// - Complexity: O(n), with `memcmp` over contiguous UTF-8 (sorting a 100,000-product
    ///   catalog does this millions of times).
    package func precedesBytewise(_ other: String) -> Bool {
        var left = self
        var right = other
        return left.withUTF8 { a in
            right.withUTF8 { b in
                let common = min(a.count, b.count)
                if common > 0, let pa = a.baseAddress, let pb = b.baseAddress {
                    let order = memcmp(pa, pb, common)
                    if order != 0 { return order < 0 }
                }
                return a.count < b.count
            }
        }
    }
}
