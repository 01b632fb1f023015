/// One query parameter of a route as its ``RouteQuery`` declares it: the name, whether it is
/// required and, where Swift states the rule (a range, the cases of an enum), its JSON schema.
/// The served OpenAPI document's query parameters are generated from these; the hand-kept
/// document adds only what Swift cannot say (a description, a pattern).
public struct QueryParameter: Sendable, Hashable {
    public let name: String
    public let required: Bool
    /// The parameter's schema; nil when the hand-kept document states it.
    public let schema: JSONValue?
    /// What the parameter means, when it is the same wherever the parameter is used (a page's
    /// `cursor`); nil when the hand-kept document says it.
    public let description: String?
    /// Whether this stands for any further parameters (``othersIgnored(_:description:)``): OpenAPI's
    /// free-form query parameter, an object whose properties are the parameters (`style: form`,
    /// `explode: true`), so the server refuses no name on the operation.
    public let freeForm: Bool

    public init(_ name: String, required: Bool = false, schema: JSONValue? = nil, description: String? = nil) {
        self.init(name, required: required, schema: schema, description: description, freeForm: false)
    }

    init(_ name: String, required: Bool, schema: JSONValue?, description: String?, freeForm: Bool) {
        self.name = name
        self.required = required
        self.schema = schema
        self.description = description
        self.freeForm = freeForm
    }

    /// Any further parameters, read by nobody: what a page opened from a shared link takes, since
    /// links pick up parameters on their way (`utm_source`, `fbclid`) and a page must not refuse
    /// them. Every other route refuses a parameter it does not declare.
    public static func othersIgnored(_ name: String = "other", description: String) -> QueryParameter {
        QueryParameter(
            name, required: false, schema: .object(["type": .string("object"), "additionalProperties": .object(["type": .string("string")])]), description: description,
            freeForm: true)
    }

    /// A whole number within `range`, `defaultValue` when absent (``Validator/queryInteger(_:_:default:range:)``).
    public static func integer(_ name: String, range: ClosedRange<Int>, default defaultValue: Int? = nil) -> QueryParameter {
        var schema: [String: JSONValue] = ["type": .string("integer"), "minimum": .number(Double(range.lowerBound)), "maximum": .number(Double(range.upperBound))]
        if let defaultValue { schema["default"] = .number(Double(defaultValue)) }
        return QueryParameter(name, schema: .object(schema))
    }

    /// One of an enum's raw values, in its cases' order; `defaultValue` when absent.
    public static func oneOf<E: RawRepresentable & CaseIterable>(_ name: String, _ type: E.Type, required: Bool = false, default defaultValue: E? = nil) -> QueryParameter
    where E.RawValue == String {
        var schema: [String: JSONValue] = ["type": .string("string"), "enum": .array(E.allCases.map { .string($0.rawValue) })]
        if let defaultValue { schema["default"] = .string(defaultValue.rawValue) }
        return QueryParameter(name, required: required, schema: .object(schema))
    }
}
