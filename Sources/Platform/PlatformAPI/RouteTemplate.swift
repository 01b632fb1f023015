/// Reading and filling `{name}` segments of path templates.
public enum RouteTemplate {
    /// The names of a template's `{name}` segments, in order.
    public static func parameterNames(_ template: String) -> [String] {
        template.split(separator: "/").compactMap { segment in
            segment.hasPrefix("{") && segment.hasSuffix("}") ? String(segment.dropFirst().dropLast()) : nil
        }
    }

    /// The template with its parameter segment replaced by `value`.
    public static func filling(_ template: String, with value: String) -> String {
        template.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.hasPrefix("{") && segment.hasSuffix("}") ? value : String(segment)
        }.joined(separator: "/")
    }

    /// The template in Hummingbird's spelling (`{id}` → `:id`).
    public static func routerPath(_ template: String) -> String {
        template.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.hasPrefix("{") && segment.hasSuffix("}") ? ":" + segment.dropFirst().dropLast() : String(segment)
        }.joined(separator: "/")
    }

    /// The parameter's text when `path` fits `template` (`""` when it has none), else nil.
    public static func match(_ template: String, _ path: String) -> String? {
        let wanted = template.split(separator: "/", omittingEmptySubsequences: false)
        let given = path.split(separator: "/", omittingEmptySubsequences: false)
        guard wanted.count == given.count else { return nil }
        var value = ""
        for (segment, actual) in zip(wanted, given) {
            if segment.hasPrefix("{") && segment.hasSuffix("}") {
                guard !actual.isEmpty else { return nil }
                value = String(actual)
            } else if segment != actual {
                return nil
            }
        }
        return value
    }
}
