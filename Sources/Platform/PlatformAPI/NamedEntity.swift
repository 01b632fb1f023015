/// What a typed ID names, for the 404 of a path that names none (`Thing`, `thing_not_found`).
/// Entity marker types conform so that their ``TypedID`` can be a route's path parameter.
public protocol NamedEntity {
    static var entityName: String { get }
    static var notFoundCode: String { get }
}
