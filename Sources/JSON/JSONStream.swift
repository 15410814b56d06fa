import CJSONC

/// JSON text fed to json-c's tokener a slice at a time, with a look at the tree under
/// construction between slices: a reader hands over what is finished in a large member (the
/// entries of a String Catalog's `strings`, the findings of a baseline) and deletes it, so the
/// tree never holds more than about a slice's worth (json-c's tree alone takes ~12× the text: a
/// hash table per object). Reads the tokener's stack (`json_tokener.stack`, public in json-c's
/// header but marked as internal).
public enum JSONStream {
    /// Parses `bytes` (a leading UTF-8 byte order mark skipped), calling `between` after each
    /// slice that leaves the text unfinished; returns the root, which the caller puts. Throws
    /// `JSONParseError` with the offset where json-c stopped for text that is not strict JSON, for
    /// a key holding a NUL and for characters after the value.
    public static func parse(_ bytes: [UInt8], sliceSize: Int, between: (UnsafeMutablePointer<json_tokener>) -> Void) throws
        -> OpaquePointer
    {
        try bytes.withUnsafeBufferPointer { all in
            let bom = JSONValue.byteOrderMarkLength(all)
            let p = UnsafeBufferPointer(rebasing: all[bom...])
            try JSONValue.rejectNULInKeys(p)
            guard let tokener = json_tokener_new_ex(JSON_TOKENER_DEFAULT_DEPTH) else {
                throw JSONParseError(description: "out of memory")
            }
            defer { json_tokener_free(tokener) }
            json_tokener_set_flags(tokener, Int32(JSON_TOKENER_STRICT))
            var start = 0
            var root: OpaquePointer?
            var end = 0
            while start < p.count {
                let count = min(sliceSize, p.count - start)
                root = (p.baseAddress! + start).withMemoryRebound(to: CChar.self, capacity: max(count, 1)) {
                    json_tokener_parse_ex(tokener, $0, Int32(count))
                }
                let error = json_tokener_get_error(tokener)
                if error == json_tokener_success {
                    end = start + Int(json_tokener_get_parse_end(tokener))
                    break
                }
                guard error == json_tokener_continue else {
                    throw JSONParseError(
                        description: String(cString: json_tokener_error_desc(error)),
                        offset: bom + start + Int(json_tokener_get_parse_end(tokener)))
                }
                start += count
                if start >= p.count { break }
                between(tokener)
            }
            guard let root else {
                // A top-level literal or number waits for more text; anything else is cut short.
                throw JSONParseError(description: p.isEmpty ? "the file is empty" : "unexpected end of JSON", offset: all.count)
            }
            if let junk = p[end...].firstIndex(where: { !($0 == 32 || $0 == 10 || $0 == 13 || $0 == 9) }) {
                json_object_put(root)
                throw JSONParseError(description: "trailing characters after JSON value", offset: bom + junk)
            }
            return root
        }
    }

    /// The value of top-level member `name` while the tokener is inside it (nil otherwise).
    public static func openMember(_ name: String, of tokener: UnsafeMutablePointer<json_tokener>) -> OpaquePointer? {
        let t = tokener.pointee
        guard t.depth >= 1, let top = t.stack[0].current, json_object_get_type(top) == json_type_object,
            let field = t.stack[0].obj_field_name, String(cString: field) == name,
            let member = t.stack[1].current
        else { return nil }
        return member
    }

    /// Reads a JSON object whose member `name` is a long array: each element of it is handed to
    /// `element` in order, as it is finished, and dropped from the tree; the other members are
    /// returned in file order (with `name`'s value as `.null` when it is an array, as it was
    /// before it was read). `isArray` tells whether `name` was an array at all.
    public static func object(
        _ bytes: [UInt8], streaming name: String, sliceSize: Int = 1 << 20, element: (JSONValue) -> Void
    ) throws -> (isObject: Bool, members: [(String, JSONValue)], isArray: Bool) {
        func drain(_ array: OpaquePointer, delete: Bool) {
            let n = json_object_array_length(array)
            for i in 0..<n { element(JSONValue(borrowing: json_object_array_get_idx(array, i))) }
            if delete, n > 0 { json_object_array_del_idx(array, 0, n) }
        }
        let root = try parse(bytes, sliceSize: sliceSize) { tokener in
            guard let array = openMember(name, of: tokener), json_object_get_type(array) == json_type_array else { return }
            drain(array, delete: true)
        }
        defer { json_object_put(root) }
        guard json_object_get_type(root) == json_type_object else { return (false, [], false) }
        var members: [(String, JSONValue)] = []
        var isArray = false
        var member = json_object_get_object(root)?.pointee.head
        while let m = member {
            let key = String(cString: m.pointee.k!.assumingMemoryBound(to: CChar.self))
            let value = OpaquePointer(m.pointee.v)
            if key == name, let value, json_object_get_type(value) == json_type_array {
                isArray = true
                drain(value, delete: false)
                members.append((key, .null))
            } else {
                members.append((key, JSONValue(borrowing: value)))
            }
            member = m.pointee.next
        }
        return (true, members, isArray)
    }
}
