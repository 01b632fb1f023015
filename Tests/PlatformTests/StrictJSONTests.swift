import Foundation
import PlatformCore
import Testing

@Suite("Strict JSON", .timeLimit(.minutes(3)))
struct StrictJSONTests {
    /// The paths of control-character strings, or the failure reason.
    static func check(_ text: String) -> Result<[String], StrictJSON.Malformed> {
        check(Data(text.utf8))
    }

    static func check(_ bytes: [UInt8]) -> Result<[String], StrictJSON.Malformed> {
        check(Data(bytes))
    }

    static func check(_ data: Data) -> Result<[String], StrictJSON.Malformed> {
        do { return .success(try StrictJSON.check(data)) } catch { return .failure(error) }
    }

    static func isValid(_ text: String) -> Bool {
        if case .success(let paths) = check(text) { return paths.isEmpty }
        return false
    }

    static func reason(_ text: String) -> String? {
        if case .failure(let error) = check(text) { return error.reason }
        return nil
    }

    @Test(
        "valid documents: every kind of value, whitespace, escapes, surrogate pairs, numbers, nesting",
        arguments: [
            #"{}"#, #"[]"#, #"0"#, #"-0"#, #"1.5e10"#, #"-12.25E-3"#, #"1e+2"#, #"true"#, #"false"#, #"null"#, #""""#,
            #"  {"a" : [1, 2.0, -3e1, true, false, null, "x"] }  "#, "\t\n\r[ ]\r\n",
            #"{"a":{"b":{"c":[[[{}]]]}}}"#, #"["\" \\ \/ \n \r \t"]"#, #"["\u00e9 \u20AC \ud83d\ude00"]"#,
            #"{"a":1,"b":2,"A":3}"#, #"[{"a":1},{"a":2}]"#, #"{"a":{"a":{"a":1}}}"#,
            "[\"é € 😀 中文\"]", #"{"tab\tkey":"line\nbreak\r"}"#,
        ])
    func valid(_ text: String) {
        #expect(Self.check(text) == .success([]), "\(text)")
    }

    @Test(
        "syntax errors RFC 8259 forbids are refused",
        arguments: [
            ("", "unexpected end of input"),
            ("   ", "unexpected end of input"),
            (#"{"a":1,}"#, "trailing comma"),
            (#"[1,2,]"#, "trailing comma"),
            (#"[1,,2]"#, "unexpected character"),
            (#"{,}"#, "expected a string key"),
            (#"{"a" 1}"#, "expected ':' after a key"),
            (#"{"a":1 "b":2}"#, "expected ',' or '}'"),
            (#"[1 2]"#, "expected ',' or ']'"),
            (#"{a:1}"#, "expected a string key"),
            (#"{'a':1}"#, "expected a string key"),
            (#"['a']"#, "unexpected character"),
            (#"{"a":1}}"#, "unexpected data after the JSON value"),
            (#"{"a":1} x"#, "unexpected data after the JSON value"),
            (#"[1] [2]"#, "unexpected data after the JSON value"),
            (#"01"#, "unexpected data after the JSON value"),
            (#"-"#, "invalid number"),
            (#"1."#, "invalid number"),
            (#".5"#, "unexpected character"),
            (#"1e"#, "invalid number"),
            (#"+1"#, "unexpected character"),
            (#"0x10"#, "unexpected data after the JSON value"),
            (#"NaN"#, "unexpected character"),
            (#"Infinity"#, "unexpected character"),
            (#"tru"#, "unexpected character"),
            (#"nul"#, "unexpected character"),
            (#"True"#, "unexpected character"),
            (#""abc"#, "unterminated string"),
            (#"["\x"]"#, "invalid escape"),
            (#"["\u12"]"#, "invalid \\u escape"),
            (#"["\u12G4"]"#, "invalid \\u escape"),
            (#"["\ud83d"]"#, "unpaired surrogate escape"),
            (#"["\ud83d\u0041"]"#, "unpaired surrogate escape"),
            (#"["\ude00"]"#, "unpaired surrogate escape"),
            ("[\"a\tb\"]", "unescaped control character in a string"),
            ("[\"a\nb\"]", "unescaped control character in a string"),
            ("[\"a\u{0}b\"]", "unescaped control character in a string"),
            ("[1]\u{0}", "unexpected data after the JSON value"),
            ("/* comment */ 1", "unexpected character"),
        ])
    func syntaxErrors(_ text: String, _ expected: String) {
        #expect(Self.reason(text) == expected, "\(text)")
    }

    @Test("duplicate keys are refused, also when escapes spell the same key, at any depth")
    func duplicates() {
        #expect(Self.reason(#"{"a":1,"a":2}"#) == #"duplicate key "a""#)
        #expect(Self.reason(#"{"a":1,"\u0061":2}"#) == #"duplicate key "a""#)
        #expect(Self.reason(#"{"\u00e9":1,"é":2}"#) == #"duplicate key "é""#)
        #expect(Self.reason(#"{"e\u0301":1,"é":2}"#) != nil, "canonically equivalent keys are the same key to the decoder")
        #expect(Self.reason(#"{"x":[{"k":1,"k":1}]}"#) == #"duplicate key "k""#)
        #expect(Self.reason(#"{"hint_text":"a","source":"text_input","hint_text":"b"}"#) == #"duplicate key "hint_text""#)
        if case .failure(let error) = Self.check(#"{"a":1, "a":2}"#) {
            #expect(error.offset == 8, "the offset points at the second key")
        } else {
            Issue.record("not refused")
        }
    }

    @Test("a byte-order mark and invalid UTF-8 are refused")
    func encoding() {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"a":1}"#.utf8)
        #expect(Self.check(bom).failureReason == "a byte-order mark is not allowed")
        let invalid: [[UInt8]] = [
            [0x22, 0xFF, 0x22],  // never valid
            [0x22, 0xC0, 0xAF, 0x22],  // overlong "/"
            [0x22, 0xE0, 0x80, 0xAF, 0x22],  // overlong three-byte
            [0x22, 0xED, 0xA0, 0x80, 0x22],  // UTF-8-encoded surrogate
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // above U+10FFFF
            [0x22, 0xC3, 0x22],  // truncated sequence
            [0x22, 0xE2, 0x82, 0x22],  // truncated three-byte
            [0x22, 0x80, 0x22],  // lone continuation byte
            [0x22, 0xC3],  // truncated at the end
        ]
        for bytes in invalid {
            #expect(Self.check(bytes).failureReason == "invalid UTF-8" || Self.check(bytes).failureReason == "unterminated string", "\(bytes)")
            #expect(Self.check(bytes) != .success([]), "\(bytes)")
        }
        #expect(Self.check([0x22, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80, 0x22]) == .success([]), "é € 😀")
        #expect(Self.check([0x7B, 0xFF, 0x7D]).failureReason == "expected a string key", "non-ASCII outside strings")
    }

    @Test("nesting is bounded at 64 levels, deeper input fails without exhausting the stack")
    func depth() {
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(Self.check(ok) == .success([]))
        let objects = String(repeating: #"{"a":"#, count: 64) + "1" + String(repeating: "}", count: 64)
        #expect(Self.check(objects) == .success([]))
        #expect(Self.reason(String(repeating: "[", count: 65) + String(repeating: "]", count: 65)) == "nested deeper than 64 levels")
        #expect(Self.reason(String(repeating: #"{"a":"#, count: 65) + "1" + String(repeating: "}", count: 65)) == "nested deeper than 64 levels")
        #expect(Self.reason(String(repeating: "[", count: 1_000_000)) == "nested deeper than 64 levels")
    }

    @Test("strings with forbidden control characters are reported by path; tab, newline and carriage return are fine")
    func controlCharacters() {
        #expect(Self.check(#"{"hint_text":"\u0000x"}"#) == .success(["hint_text"]))
        #expect(Self.check(#"{"hint_text":"a\u0000b"}"#) == .success(["hint_text"]))
        #expect(Self.check(#"{"hint_text":"a\u001fb"}"#) == .success(["hint_text"]))
        #expect(Self.check(#"{"hint_text":"a\u007Fb"}"#) == .success(["hint_text"]))
        #expect(Self.check("{\"hint_text\":\"a\u{7F}b\"}") == .success(["hint_text"]), "a raw DEL is valid JSON but refused")
        #expect(Self.check(#"{"t":"back\bspace"}"#) == .success(["t"]))
        #expect(Self.check(#"{"t":"form\ffeed"}"#) == .success(["t"]))
        #expect(Self.check(#"{"t":"\t\n\r\u0009\u000A\u000d"}"#) == .success([]))
        #expect(Self.check(#"{"t":"\u0080\u009f\u00a0"}"#) == .success([]), "only C0 controls and DEL")
        #expect(Self.check(#"{"milestones":[{"milestone_name":"ok"},{"milestone_name":"\u0000"}]}"#) == .success(["milestones[1].milestone_name"]))
        #expect(Self.check(#"{"location":{"city":"A\u0001","state":"TX"}}"#) == .success(["location.city"]))
        #expect(Self.check(#"{"interests":["ok","\u0002",["\u0003"]]}"#) == .success(["interests[1]", "interests[2][0]"]))
        #expect(Self.check(#"["\u0000"]"#) == .success(["[0]"]))
        #expect(Self.check(#""\u0000""#) == .success(["body"]))
        #expect(Self.check(#"{"a\u0000":1}"#) == .success(["a\u{0}"]), "a key is a string too")
        #expect(Self.check(#"{"a":1,"b":"\u0000","c":"\u0000"}"#) == .success(["b", "c"]), "every offending field is listed")
        let many = "[" + Array(repeating: #""\u0000""#, count: 80).joined(separator: ",") + "]"
        #expect((try? StrictJSON.check(Data(many.utf8)))?.count == StrictJSON.maxReportedFields)
        #expect(Self.reason(#"{"a":"\u0000","a":1}"#) != nil, "syntax errors win over control characters")
    }

    @Test("keys are reported as sent, after unescaping")
    func pathsUseKeysAsSent() {
        #expect(Self.check(#"{"hintText":"\u0000"}"#) == .success(["hintText"]))
        #expect(Self.check(#"{"\u0068int_text":"\u0000"}"#) == .success(["hint_text"]))
    }
}

extension Result where Failure == StrictJSON.Malformed {
    var failureReason: String? {
        if case .failure(let error) = self { return error.reason }
        return nil
    }
}
