import CJSONC
import JSON

/// Reads a String Catalog (`.xcstrings`): the top-level members, and every entry of `strings`
/// handed to the caller one at a time, as a `JSONValue`.
///
/// A large catalog is not turned into a tree and then into `JSONValue`s: json-c's tree alone takes
/// ~12× the file (a hash table per object). The text is fed to json-c's tokener 1 MB at a time and,
/// between slices, the entries of `strings` it has finished are handed over and deleted from the
/// object it is building, so the tree never holds more than about one slice's worth of entries.
/// This reads the object under construction from the tokener's stack (`json_tokener.stack`,
/// public in json-c's header but marked as internal).
public enum StringCatalog {
    /// The top level of a catalog, as written (the entries of `strings` went to the caller).
    public struct Header: Sendable {
        /// Whether the text is a JSON object at all.
        public var isObject = false
        /// The top-level members other than `strings`, in file order.
        public var members: [(String, JSONValue)] = []
        /// Whether `strings` is there, and is an object.
        public var hasStrings = false
        public var stringsIsObject = false

        public var sourceLanguage: String? { members.first { $0.0 == "sourceLanguage" }?.1.stringValue }
    }

    /// What `read` gives: the keys and development-language texts only.
    public struct Contents: Sendable {
        public var sourceLanguage = "en"
        /// Every key, in file order.
        public var keys: [String] = []
        /// Key → development-language text, where there is one.
        public var texts: [(String, String)] = []
    }

    /// Keys and `localizations[sourceLanguage].stringUnit.value` of each entry (see `stream`).
    public static func read(_ bytes: [UInt8], sliceSize: Int = 1 << 20) throws -> Contents {
        var entries: [(String, JSONValue)] = []
        let header = try stream(bytes, sliceSize: sliceSize) { entries.append(($0, $1)) }
        var contents = Contents()
        contents.sourceLanguage = header.sourceLanguage ?? "en"
        for (key, entry) in entries {
            contents.keys.append(key)
            if let value = entry["localizations"]?[contents.sourceLanguage]?["stringUnit"]?["value"]?.stringValue {
                contents.texts.append((key, value))
            }
        }
        return contents
    }

    /// Parses catalog text (a leading UTF-8 byte order mark is skipped) and calls `entry` with each
    /// key of `strings` and its value, in file order. Throws `JSONParseError`, with the offset
    /// where json-c stopped, for text that is not strict JSON (as `JSONValue.parse` does), and for
    /// a key holding a NUL.
    public static func stream(_ bytes: [UInt8], sliceSize: Int = 1 << 20, entry: (String, JSONValue) -> Void) throws -> Header {
        let root = try JSONStream.parse(bytes, sliceSize: sliceSize) { tokener in
            // Entries of `strings` finished so far: handed over, then dropped from the tree.
            guard let strings = JSONStream.openMember("strings", of: tokener), json_object_get_type(strings) == json_type_object else {
                return
            }
            drain(strings, delete: true, entry)
        }
        defer { json_object_put(root) }
        var header = Header()
        guard json_object_get_type(root) == json_type_object else { return header }
        header.isObject = true
        var member = json_object_get_object(root)?.pointee.head
        while let m = member {
            let key = String(cString: m.pointee.k!.assumingMemoryBound(to: CChar.self))
            let value = OpaquePointer(m.pointee.v)
            if key == "strings" {
                header.hasStrings = true
                if let value, json_object_get_type(value) == json_type_object {
                    header.stringsIsObject = true
                    drain(value, delete: false, entry)
                }
            } else {
                header.members.append((key, JSONValue(borrowing: value)))
            }
            member = m.pointee.next
        }
        return header
    }

    /// Hands over the entries of the `strings` object (and deletes them with `delete`).
    private static func drain(_ strings: OpaquePointer, delete: Bool, _ entry: (String, JSONValue) -> Void) {
        var read: [String] = []
        var e = json_object_get_object(strings)?.pointee.head
        while let current = e {
            let key = String(cString: current.pointee.k!.assumingMemoryBound(to: CChar.self))
            entry(key, JSONValue(borrowing: OpaquePointer(current.pointee.v)))
            if delete { read.append(key) }
            e = current.pointee.next
        }
        for key in read { json_object_object_del(strings, key) }
    }
}
