import Testing
@testable import CheckoutSimGraphQL
@testable import CheckoutSimStorefront

/// The binding's check against the SDL (docs/storefront.md#the-binding): each way a field's
/// binding can disagree with its schema is reported, and a binding that agrees reports nothing.
struct StorefrontBindingCheckTests {
    static let facts = SchemaFacts(try! SchemaDefinitionLoader.parse(StorefrontSchema.sdl(.newest)))

    /// The problems of binding one field as `bind` does.
    static func problems(_ bind: (inout ModeledFields) -> Void) -> (problems: [String], absent: [String]) {
        var fields = ModeledFields(facts: facts)
        bind(&fields)
        return (fields.problems, fields.absent)
    }

    @Test func aBindingThatAgreesReportsNothing() {
        let found = Self.problems { fields in
            fields.object("Product", as: ProductRef.self) { product in
                product.field("priceRange") { ref, _ in PriceRange(product: ref.position, compareAt: false) }
                product.field("featuredImage") { ref, _ in ImageRef?.some(.product(ref.position)) }
                product.field("description", ArgumentKey<Int?>("truncateAt", .int)) { _, _, _ in Resolved.string("") }
                product.field("variants", PagingArguments.self) { _, paging, _ in try paging.page(of: [], keys: [], list: "v") }
            }
            fields.object("Cart", as: CartValue.self) { cart in
                cart.field("discountAllocations") { _, _ in [Member<AllocationValue>]() }
            }
        }
        #expect(found.problems.isEmpty, "\(found.problems)")
        #expect(found.absent.isEmpty)
    }

    @Test(arguments: [
        ("a type bound with another's carrier", "Cart does not travel as ChildPosition<VariantKind>"),
        ("an answer of another type", "Product.priceRange answers ChildPosition<VariantKind>, which is no ProductPriceRange!"),
        ("null where the schema says non-null", "Product.priceRange may answer null where the schema says ProductPriceRange!"),
        ("a list where there is one", "Product.priceRange answers a list where the schema says ProductPriceRange!"),
        ("a plain value for an object", "Product.featuredImage answers an untyped value where the schema says Image"),
        ("an argument the field lacks", "Product.description reads the argument maxLength, which it does not declare"),
        ("an argument of another type", "Product.description reads the argument truncateAt as String, which it declares Int"),
        ("a member of an abstract type it is not in", "Cart.discountAllocations answers ChildPosition<VariantKind> as a member of CartDiscountAllocation!"),
    ])
    func eachDisagreementIsReported(what: String, problem: String) {
        let found = Self.problems { fields in
            switch what {
            case "a type bound with another's carrier":
                fields.object("Cart", as: VariantRef.self) { cart in cart.text("id") { _, _ in "" } }
            case "an answer of another type":
                fields.object("Product", as: ProductRef.self) { product in product.field("priceRange") { _, _ in VariantRef(integer: 0) } }
            case "null where the schema says non-null":
                fields.object("Product", as: ProductRef.self) { product in
                    product.field("priceRange") { _, _ in PriceRange?.none }
                }
            case "a list where there is one":
                fields.object("Product", as: ProductRef.self) { product in product.field("priceRange") { _, _ in [PriceRange]() } }
            case "a plain value for an object":
                fields.object("Product", as: ProductRef.self) { product in product.field("featuredImage") { _, _ in Resolved.null } }
            case "an argument the field lacks":
                fields.object("Product", as: ProductRef.self) { product in
                    product.field("description", ArgumentKey<Int?>("maxLength", .int)) { _, _, _ in Resolved.null }
                }
            case "an argument of another type":
                fields.object("Product", as: ProductRef.self) { product in
                    product.field("description", ArgumentKey<String?>("truncateAt", .string)) { _, _, _ in Resolved.null }
                }
            default:
                fields.object("Cart", as: CartValue.self) { cart in
                    cart.field("discountAllocations") { _, _ in [Member("ProductVariant", VariantRef(integer: 0))] }
                }
            }
        }
        #expect(found.problems.count == 1, "\(found.problems)")
        #expect(found.problems.first?.hasPrefix(problem) == true, "\(found.problems)")
    }

    /// A field the version lacks is not bound, and is listed as such (a test finds each in some version).
    @Test func aFieldTheVersionLacksIsNotBound() {
        let found = Self.problems { fields in
            fields.object("Product", as: ProductRef.self) { product in product.text("nickname") { _, _ in "" } }
        }
        #expect(found.problems.isEmpty)
        #expect(found.absent == ["Product.nickname"])
    }
}
