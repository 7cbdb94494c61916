@_exported import Commerce
@_exported import GraphQL
@_exported import Scenarios
