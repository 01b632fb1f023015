import Foundation
import PlatformAPI

/// The body of `POST /events`: interaction telemetry from one install, stored without the user's
/// identity (docs/farelens.md, "Telemetry"), so it carries the install's own random id.
public struct TelemetryBatch: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case installID = "install_id", events }
    /// A UUID the app makes once per install; never tied to an account.
    public var installID: UUID
    public var events: [Event]

    public init(installID: UUID, events: [Event]) {
        self.installID = installID
        self.events = events
    }

    /// One interaction and its properties (`{"dealId": "…", "placement": "dealcard"}`).
    public struct Event: Codable, Sendable, Equatable {
        public var name: TelemetryEventName
        public var properties: [String: JSONValue]

        public init(name: TelemetryEventName, properties: [String: JSONValue] = [:]) {
            self.name = name
            self.properties = properties
        }
    }

    /// The body as it arrives: every field optional, so what is wrong is a 422 naming it.
    public struct Input: Codable, Sendable, Equatable {
        typealias CodingKeys = TelemetryBatch.CodingKeys
        public var installID: String?
        public var events: [Event]?

        public init(installID: String? = nil, events: [Event]? = nil) {
            self.installID = installID
            self.events = events
        }

        /// One event as it arrives.
        public struct Event: Codable, Sendable, Equatable {
            public var name: String?
            public var properties: [String: JSONValue]?

            public init(name: String? = nil, properties: [String: JSONValue]? = nil) {
                self.name = name
                self.properties = properties
            }
        }
    }

    /// The most events in one batch.
    public static let maxEvents = 50
    /// The most properties on one event.
    public static let maxProperties = 10
    /// The longest property name (ASCII letters, digits, `_`, starting with a letter).
    public static let maxPropertyNameLength = 40
    /// The longest string property, in characters as people see them.
    public static let maxPropertyLength = 100

    /// `install_id` a UUID; `events` 1–50, each with a known `name` and at most 10 `properties` whose
    /// names are 1–40 ASCII letters, digits or `_` starting with a letter and whose values are a
    /// string of at most 100 characters, a number or a boolean.
    public static func check(_ batch: Input) -> Checked<TelemetryBatch> {
        var v = Validator()
        var installID: UUID?
        if let raw = batch.installID {
            installID = UUID(parsing: raw)
            v.check(installID != nil, "install_id", "must be a UUID")
        } else {
            v.fail("install_id", "is required")
        }
        var events: [Event] = []
        if let list = batch.events {
            v.check((1...maxEvents).contains(list.count), "events", "must hold 1 to \(maxEvents) events")
            for (index, event) in list.prefix(maxEvents).enumerated() {
                let field = "events[\(index)]"
                let name = v.requireEnum(event.name, field + ".name", as: TelemetryEventName.self)
                let properties = event.properties ?? [:]
                if properties.count > maxProperties { v.fail(field + ".properties", "must hold at most \(maxProperties) properties") }
                for (key, value) in properties.sorted(by: { $0.key < $1.key }) {
                    checkProperty(key, value, field: field + ".properties", &v)
                }
                if let name { events.append(Event(name: name, properties: properties)) }
            }
        } else {
            v.fail("events", "is required")
        }
        return .from(v) { installID.map { TelemetryBatch(installID: $0, events: events) } }
    }

    /// This body as the server reads it.
    public var input: Input {
        Input(installID: installID.uuidString, events: events.map { Input.Event(name: $0.name.rawValue, properties: $0.properties) })
    }

    static func checkProperty(_ key: String, _ value: JSONValue, field: String, _ v: inout Validator) {
        let isLetter = { (byte: UInt8) in (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) }
        let isName =
            (1...maxPropertyNameLength).contains(key.utf8.count) && key.utf8.first.map(isLetter) == true
            && key.utf8.allSatisfy { isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "_") }
        guard isName else {
            v.fail(field, "property names must be 1 to \(maxPropertyNameLength) ASCII letters, digits or _ starting with a letter")
            return
        }
        switch value {
        case .string(let text):
            _ = v.fits(text, field + "." + key, maxLength: maxPropertyLength)
        case .number, .bool: break
        case .null, .array, .object: v.fail(field + "." + key, "must be a string, a number or a boolean")
        }
    }
}
