import CheckoutSimCommerce
import CheckoutSimGraphQL

/// The shop schema's object and enum types, each with the Swift value its fields read.
///
/// Products, variants, options, brands and amounts travel as integers (`IntegerBacked`): a listing of twenty
/// products boxes and casts nothing on the way to its two hundred leaves.
enum ShopTypes {
    /// An object type whose parents travel boxed.
    typealias Object<Parent: Sendable> = ObjectType<BoxedParent<RequestContext, Parent>>
    /// An object type whose parents travel as integers.
    typealias IntegerObject<Parent: IntegerBacked> = ObjectType<IntegerParent<RequestContext, Parent>>

    static let query = Object<Void>("Query")
    static let mutation = Object<Void>("Mutation")

    static let money = ObjectType<RowParent<RequestContext, Amount, AmountRow>>("Money")
    static let brand = ObjectType<RowParent<RequestContext, BrandPosition, BrandRow>>("Brand")
    static let category = Object<ProductFacets.Count>("Category")
    static let product = ObjectType<RowParent<RequestContext, ProductPosition, ProductRow>>("Product")
    static let pageInfo = Object<PageInfoSource>("PageInfo")
    static let productEdge = IntegerObject<ProductEdge>("ProductEdge")
    static let productConnection = Object<ProductPage>("ProductConnection")
    static let brandSection = Object<BrandSection>("BrandSection")
    static let brandSectionPage = Object<BrandSectionPage>("BrandSectionPage")
    static let productSort = EnumType<ProductOrder>("ProductSort")
    static let searchMode = EnumType<SearchMode>("SearchMode")
    static let productFilter = InputObjectType("ProductFilter")
    static let cardInput = InputObjectType("CardInput")
    static let checkoutInput = InputObjectType("CheckoutInput")
    static let newProductInput = InputObjectType("NewProductInput")

    static let productFacets = Object<ProductFacets>("ProductFacets")
    static let brandFacet = Object<ProductFacets.BrandCount>("BrandFacet")
    static let valueFacet = Object<ProductFacets.Count>("ValueFacet")
    static let priceRange = Object<ProductFacets.PriceRange>("PriceRange")
    static let recentSearchesPayload = Object<Void>("RecentSearchesPayload")

    static let cartLine = Object<CartLineView>("CartLine")
    static let productVariant = ObjectType<RowParent<RequestContext, VariantSource, VariantRow>>("ProductVariant")
    static let productOption = ObjectType<RowParent<RequestContext, OptionSource, OptionTextRow>>("ProductOption")
    static let selectedOption = ObjectType<RowParent<RequestContext, OptionSource, OptionTextRow>>("SelectedOption")
    static let discountAllocation = Object<DiscountAllocation>("DiscountAllocation")
    static let discountSource = EnumType<DiscountSource>("DiscountSource")
    static let cart = Object<CartView>("Cart")
    static let discountKind = EnumType<DiscountKind>("DiscountKind")
    static let offer = Object<OfferDefinition>("Offer")
    static let scratchCardStatus = EnumType<ScratchCardStatus>("ScratchCardStatus")
    static let scratchReward = Object<ScratchReward>("ScratchReward")
    static let scratchCard = Object<ScratchCard>("ScratchCard")
    static let userError = Object<CommerceError>("UserError")
    static let errorCode = EnumType<CommerceError.Code>("ErrorCode")
    static let cartPayload = Object<CartPayload>("CartPayload")
    static let scratchCardPayload = Object<ScratchCardPayload>("ScratchCardPayload")
    static let favoritesPayload = Object<FavoritesPayload>("FavoritesPayload")
    static let productPayload = Object<ProductPayload>("ProductPayload")

    static let checkoutPayload = Object<CheckoutOutcome>("CheckoutPayload")
    static let paymentStatus = EnumType<PaymentStatus>("PaymentStatus")
    static let payment = Object<Payment>("Payment")
    static let orderStatus = EnumType<OrderStatus>("OrderStatus")
    static let orderLine = Object<OrderLine>("OrderLine")
    static let order = Object<Order>("Order")
    static let paymentTestCard = Object<TestCard>("PaymentTestCard")
}

/// An amount of money in the store's currency, in minor units: what a `Money` object reads.
struct Amount: IntegerBacked {
    let minorUnits: Int64

    init(_ minorUnits: Int64) { self.minorUnits = minorUnits }
    init(integer: Int) { minorUnits = Int64(integer) }
    var integer: Int { Int(minorUnits) }
}

/// A position in a table the request context holds: its index is the integer it travels as.
protocol TablePosition: IntegerBacked {
    init(index: Int)
    var index: Int { get }
}

extension TablePosition {
    init(integer: Int) { self.init(index: integer) }
    var integer: Int { index }
}

/// A product by its position in the catalog: what a `Product` object reads (with the product as its row).
struct ProductPosition: TablePosition {
    let index: Int
}

/// A brand by its position in brand order: what a `Brand` object reads.
struct BrandPosition: TablePosition {
    let index: Int
}

/// A product on a page with its cursor, travelling as one integer: where the request's context
/// keeps its page, and its place in the page (nothing boxed or cast per edge; its cursor is
/// encoded only when asked for, `CursorText`).
struct ProductEdge: IntegerBacked {
    /// Where its page is among the pages the request has listed (`RequestContext.keep(_:)`).
    let page: Int
    /// Its place in the page.
    let index: Int

    init(page: Int, index: Int) {
        self.page = page
        self.index = index
    }

    /// Room for a page's places: a product page holds at most 100 (`first` is 1 to 100), and
    /// the integer stays small enough for a 32-bit `Int` (watchOS).
    private static let placeBits = 10

    init(integer: Int) {
        page = integer >> Self.placeBits
        index = integer & (1 << Self.placeBits - 1)
    }

    var integer: Int { page << Self.placeBits | index }
}

/// Payloads: the state after a mutation and the business rules it ran into.
struct CartPayload { let cart: CartView; let errors: [CommerceError] }
struct ScratchCardPayload { let card: ScratchCard?; let cart: CartView; let errors: [CommerceError] }
struct FavoritesPayload { let favorites: [String]; let errors: [CommerceError] }
struct ProductPayload { let position: Int?; let errors: [CommerceError] }

/// What a `PageInfo` object reads: a page of products, or of a content collection.
enum PageInfoSource {
    case products(ProductPage)
    case content(ContentPage)

    var hasNextPage: Bool {
        switch self {
        case .products(let page): page.hasNextPage
        case .content(let page): page.hasNextPage
        }
    }

    var hasPreviousPage: Bool {
        switch self {
        case .products(let page): page.hasPreviousPage
        case .content(let page): page.hasPreviousPage
        }
    }

    /// The first edge's cursor, encoded only when asked for.
    var startCursor: String? {
        switch self {
        case .products(let page): page.cursors.first?.encoded
        case .content(let page): page.cursors.first?.encoded
        }
    }

    /// The last edge's cursor.
    var endCursor: String? {
        switch self {
        case .products(let page): page.cursors.last?.encoded
        case .content(let page): page.cursors.last?.encoded
        }
    }
}
