@_exported import GraphQL
