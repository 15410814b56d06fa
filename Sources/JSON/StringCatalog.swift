import CJSONC

/// Reads a String Catalog (`.xcstrings`) for what LabelSpec needs of it: every key of `strings`
/// and, where the entry has one, `localizations[sourceLanguage].stringUnit.value`.
///
/// A large catalog is not turned into a tree and then into `JSONValue`s: json-c's tree alone takes
/// ~12× the file (a hash table per object). The text is fed to json-c's tokener 1 MB at a time and,
/// between slices, the entries of `strings` it has finished are read and deleted from the
/// object it is building, so the tree never holds more than about one slice's worth of entries.
/// This reads the object under construction from the tokener's stack (`json_tokener.stack`,
/// public in json-c's header but marked as internal); when `sourceLanguage` comes after `strings`
/// in the file, nothing is deleted early and the whole tree is read at the end.
public enum StringCatalog {
    public struct Contents: Sendable {
        public var sourceLanguage = "en"
        /// Every key, in file order.
        public var keys: [String] = []
        /// Key → development-language text, where there is one.
        public var texts: [(String, String)] = []
    }

    /// Parses catalog text (a leading UTF-8 byte order mark is skipped). Throws `JSONParseError`
    /// for text that is not strict JSON, as `JSONValue.parse` does, and for a key holding a NUL.
    public static func read(_ bytes: [UInt8], sliceSize: Int = 1 << 20) throws -> Contents {
        try bytes.withUnsafeBufferPointer { all in
            let p = UnsafeBufferPointer(rebasing: all[JSONValue.byteOrderMarkLength(all)...])
            try JSONValue.rejectNULInKeys(p)
            guard let tokener = json_tokener_new_ex(JSON_TOKENER_DEFAULT_DEPTH) else {
                throw JSONParseError(description: "out of memory")
            }
            defer { json_tokener_free(tokener) }
            json_tokener_set_flags(tokener, Int32(JSON_TOKENER_STRICT))
            var contents = Contents()
            var sourceKnown = false
            var start = 0
            var root: OpaquePointer?
            var end = 0
            while start < p.count || p.isEmpty {
                let count = min(sliceSize, p.count - start)
                root = p.baseAddress.flatMap { base in
                    (base + start).withMemoryRebound(to: CChar.self, capacity: max(count, 1)) {
                        json_tokener_parse_ex(tokener, $0, Int32(count))
                    }
                }
                let error = json_tokener_get_error(tokener)
                if error == json_tokener_success {
                    end = start + Int(json_tokener_get_parse_end(tokener))
                    break
                }
                guard error == json_tokener_continue else {
                    throw JSONParseError(description: String(cString: json_tokener_error_desc(error)))
                }
                start += count
                if start >= p.count { break }
                // Entries of `strings` finished so far: read, then dropped from the tree.
                let t = tokener.pointee
                guard t.depth >= 1, let top = t.stack[0].current, json_object_get_type(top) == json_type_object,
                    let field = t.stack[0].obj_field_name, String(cString: field) == "strings",
                    let strings = t.stack[1].current, json_object_get_type(strings) == json_type_object
                else { continue }
                if !sourceKnown {
                    var language: OpaquePointer?
                    guard json_object_object_get_ex(top, "sourceLanguage", &language) != 0 else { continue }
                    if let language, json_object_get_type(language) == json_type_string {
                        contents.sourceLanguage = String(cString: json_object_get_string(language))
                    }
                    sourceKnown = true
                }
                drain(strings, into: &contents, delete: true)
            }
            guard let root else { throw JSONParseError(description: "unexpected end of JSON") }
            defer { json_object_put(root) }
            if p[end...].contains(where: { !($0 == 32 || $0 == 10 || $0 == 13 || $0 == 9) }) {
                throw JSONParseError(description: "trailing characters after JSON value")
            }
            guard json_object_get_type(root) == json_type_object else { return Contents() }
            if !sourceKnown {
                var language: OpaquePointer?
                if json_object_object_get_ex(root, "sourceLanguage", &language) != 0, let language,
                    json_object_get_type(language) == json_type_string
                {
                    contents.sourceLanguage = String(cString: json_object_get_string(language))
                }
            }
            var strings: OpaquePointer?
            if json_object_object_get_ex(root, "strings", &strings) != 0, let strings, json_object_get_type(strings) == json_type_object {
                drain(strings, into: &contents, delete: false)
            }
            return contents
        }
    }

    /// Reads the entries of the `strings` object (and deletes them with `delete`).
    private static func drain(_ strings: OpaquePointer, into contents: inout Contents, delete: Bool) {
        var read: [String] = []
        var entry = json_object_get_object(strings)?.pointee.head
        while let e = entry {
            let key = String(cString: e.pointee.k!.assumingMemoryBound(to: CChar.self))
            contents.keys.append(key)
            if let value = text(OpaquePointer(e.pointee.v), language: contents.sourceLanguage) { contents.texts.append((key, value)) }
            if delete { read.append(key) }
            entry = e.pointee.next
        }
        for key in read { json_object_object_del(strings, key) }
    }

    /// `entry.localizations[language].stringUnit.value`, when it is a string.
    private static func text(_ entry: OpaquePointer?, language: String) -> String? {
        var node = entry
        for name in ["localizations", language, "stringUnit", "value"] {
            guard let n = node, json_object_get_type(n) == json_type_object else { return nil }
            var child: OpaquePointer?
            guard json_object_object_get_ex(n, name, &child) != 0 else { return nil }
            node = child
        }
        guard let n = node, json_object_get_type(n) == json_type_string else { return nil }
        let length = Int(json_object_get_string_len(n))
        return json_object_get_string(n)!.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }
}
