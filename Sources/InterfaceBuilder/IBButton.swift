/// What a `<button>` holds beyond a label's attributes: its normal state, its iOS 15
/// configuration, and the image beside its title (docs/interface-builder.md, "Buttons").
public struct IBButton: Sendable {
    /// `<state key="normal" title="…" image="…">`.
    public var state: XMLStartTag?
    /// `<buttonConfiguration key="configuration" style="…" title="…" image="…" imagePadding="…">`:
    /// when there is one, UIKit draws its title, not the normal state's (Xcode writes
    /// `<state key="normal" title="Button"/>` beside it for iOS 14).
    public var configuration: XMLStartTag?
    /// The normal state's children by key (`titleColor`).
    public var stateChildren: [String: XMLStartTag] = [:]
    /// The configuration's children by key (`contentInsets`, `titleFontDescription`,
    /// `baseForegroundColor`, `baseBackgroundColor`).
    public var configurationChildren: [String: XMLStartTag] = [:]
    /// The title of an `<attributedString key="attributedTitle">` of the normal state or of the
    /// configuration, with its start tag and runs.
    public var stateAttributedTitle: (text: String, tag: XMLStartTag, runs: IBAttributedText)?
    public var configurationAttributedTitle: (text: String, tag: XMLStartTag, runs: IBAttributedText)?
    /// The image drawn beside the title (the configuration's, else the normal state's), and its
    /// width as the file's `<resources>` give it.
    public var image: (name: String, width: ImageWidth)?

    /// The `.strings` key suffix of its title: `configuration.title` for a configuration's title
    /// (as Xcode exports it), else `normalTitle`.
    public var titleProperty: String { configuration != nil ? "configuration.title" : "normalTitle" }

    /// The title UIKit draws, with the element it is written in: the configuration's, else the
    /// normal state's (an attributed title before a plain one); nil or empty: no title.
    public var title: (text: String, tag: XMLStartTag)? {
        if let c = configuration {
            if let a = configurationAttributedTitle { return (a.text, a.tag) }
            return c["title"].map { ($0.value, c) }
        }
        if let a = stateAttributedTitle { return (a.text, a.tag) }
        return state.flatMap { s in s["title"].map { ($0.value, s) } }
    }

    /// The attributed title's runs, if its title is attributed.
    public var titleRuns: IBAttributedText? { configuration != nil ? configurationAttributedTitle?.runs : stateAttributedTitle?.runs }

    /// The children kept of `<state key="normal">` and of `<buttonConfiguration>`, by key.
    static let stateKeys: Set<String> = ["titleColor"]
    static let configurationKeys: Set<String> = ["contentInsets", "titleFontDescription", "baseForegroundColor", "baseBackgroundColor"]
    /// The attributes kept of `<state>` and `<buttonConfiguration>`.
    static let stateAttributes: Set<String> = ["key", "title", "image", "backgroundImage", "catalog"]
    static let configurationAttributes: Set<String> = [
        "key", "style", "title", "image", "catalog", "imagePadding", "imagePlacement", "buttonSize",
    ]
}

/// The width of an image named in a file.
public enum ImageWidth: Sendable, Equatable {
    /// `<resources><image name="…" width="…"/>`: its width in points.
    case points(Double)
    /// An SF Symbol (`catalog="system"`): the file gives its template's size (128), not the size
    /// it is drawn at beside a title.
    case symbol
    /// Not in the file's `<resources>` (or its width not a number).
    case unknown
}

/// The images a file's `<resources>` describe, by name. `<resources>` is the document's last
/// child (after every scene, or a xib's objects): it is found from the end and read on its own,
/// before the labels, so a button's image has its width when the button is read.
enum ImageResources {
    struct Entry: Equatable {
        let width: Double?
        let system: Bool
    }

    /// The images of the last `<resources>…</resources>` of `bytes`; empty when there is none or
    /// it is not well-formed on its own.
    static func read(_ bytes: [UInt8]) -> [String: Entry] {
        let open = Array("<resources>".utf8), close = Array("</resources>".utf8)
        guard let start = lastIndex(of: open, in: bytes), let end = firstIndex(of: close, in: bytes, from: start) else { return [:] }
        let slice = Array(bytes[start..<(end + close.count)])
        let collector = Collector()
        guard XMLReader.read(slice, into: collector) == nil else { return [:] }
        return collector.images
    }

    private final class Collector: XMLEvents {
        var images: [String: Entry] = [:]
        var stop: XMLProblem? { nil }
        private var depth = 0
        func wants(_ name: String) -> Bool { name == "resources" || name == "image" }
        func skip() { depth += 1 }
        func start(_ tag: XMLStartTag) {
            depth += 1
            guard tag.name == "image", depth == 2, let name = tag["name"]?.value, images[name] == nil else { return }
            let width = tag["width"].flatMap { Double($0.value) }.flatMap { $0.isFinite && $0 >= 0 && $0 <= 100_000 ? $0 : nil }
            images[name] = Entry(width: width, system: tag["catalog"]?.value == "system")
        }
        func end(_ name: String) { depth -= 1 }
        func characters(_ text: String) {}
    }

    static func lastIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        var i = bytes.count - needle.count
        while i >= 0 {
            if bytes[i] == needle[0], bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i -= 1
        }
        return nil
    }

    static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        var i = from
        while i + needle.count <= bytes.count {
            if bytes[i] == needle[0], bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    static func width(of name: String, in images: [String: Entry]) -> ImageWidth {
        guard let e = images[name] else { return .unknown }
        if e.system { return .symbol }
        return e.width.map { .points($0) } ?? .unknown
    }
}
