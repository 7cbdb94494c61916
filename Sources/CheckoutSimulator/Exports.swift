@_exported import Commerce
@_exported import GraphQL
