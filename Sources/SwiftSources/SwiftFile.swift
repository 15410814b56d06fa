import Foundation
import SwiftParser
import SwiftSyntax

/// What one Swift file holds for LabelSpec, read in one parse: its SwiftUI text sites, its
/// UIKit labels and buttons, and the accessors it defines. Plain values: the syntax tree is let
/// go when `read` returns.
public struct SwiftFileSites: Sendable {
    public var text: [TextSite] = []
    public var uikit: [UIKitSite] = []
    /// SwiftGen / `NSLocalizedString` accessors this file defines, by dotted path.
    public var accessors: [String: Accessors.Entry] = [:]
    /// Whether the parser met something it could not read (the sites around it are still found).
    public var hasSyntaxErrors = false
}

public enum SwiftFile {
    /// The words a file must hold to have anything LabelSpec reads: a file without any is not
    /// parsed (most of an app's files).
    static let markers: [[UInt8]] = [
        "Text(", "Label(", "Button(", "Toggle(", "Link(", "Picker(", "UILabel", "UIButton", "tr(", "NSLocalizedString(",
        "localized:",
    ].map { Array($0.utf8) }

    /// Whether `bytes` may hold a site or an accessor (`markers`).
    public static func mayHaveSites(_ bytes: [UInt8]) -> Bool { contains(bytes, markers) }

    /// Whether `bytes` holds one of `markers`.
    static func contains(_ bytes: [UInt8], _ markers: [[UInt8]]) -> Bool {
        var first = [Bool](repeating: false, count: 256)
        for m in markers { first[Int(m[0])] = true }
        return bytes.withUnsafeBufferPointer { b in
            var i = 0
            while i < b.count {
                if first[Int(b[i])] {
                    for m in markers where m[0] == b[i] && i + m.count <= b.count {
                        var j = 1
                        while j < m.count && b[i + j] == m[j] { j += 1 }
                        if j == m.count { return true }
                    }
                }
                i += 1
            }
            return false
        }
    }

    /// The accessors a file defines (SwiftGen's `tr`, `NSLocalizedString` constants), for a
    /// file that is not checked itself; a file without `tr(` or `NSLocalizedString(` is not parsed.
    public static func accessors(in bytes: [UInt8]) -> [String: Accessors.Entry] {
        let markers: [[UInt8]] = [Array("tr(".utf8), Array("NSLocalizedString(".utf8)]
        guard contains(bytes, markers) else { return [:] }
        return onLargeStack { Accessors.entries(in: bytes) }
    }

    /// Reads a file's sites and accessors (nothing when `mayHaveSites` is false).
    public static func read(_ bytes: [UInt8]) -> SwiftFileSites {
        guard mayHaveSites(bytes) else { return SwiftFileSites() }
        return onLargeStack { readParsed(bytes) }
    }

    /// A site's call as a message shows it: its first line, blanks trimmed, at most 80
    /// characters (`Text("settings.title").font(.headline)`).
    public static func callText(_ bytes: [UInt8], _ site: Range<Int>) -> String {
        let end = bytes[site].firstIndex(of: 0x0A) ?? site.upperBound
        let call = String(decoding: bytes[site.lowerBound..<end], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        return call.count > 80 ? String(call.prefix(79)) + "…" : call
    }

    /// How deep brackets, braces and parentheses may nest before the parser stops reading into
    /// them: swift-syntax's own limit for a release build, on every build (a debug build of
    /// swift-syntax stops at 20, and a view 20 stacks deep would lose its sites there). The stack
    /// it is parsed on (`stackSize`) holds it.
    static let nestingLevel = 256

    /// Parses a file's bytes.
    static func parse(_ bytes: [UInt8]) -> SourceFileSyntax {
        bytes.withUnsafeBufferPointer { Parser.parse(source: $0, maximumNestingLevel: nestingLevel) }
    }

    /// The stack a file is parsed and walked on: a chain of 250,000 modifiers on one 1 MB line
    /// is a tree 250,000 deep, which swift-syntax walks (and frees) recursively; reserved, not
    /// committed, so a shallow file costs no more.
    static let stackSize = 2 << 30

    /// Runs `body` on a thread of its own with `stackSize` of stack, and waits for it.
    static func onLargeStack<T>(_ body: @escaping @Sendable () -> T) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.wait()
        return box.value!
    }

    static func readParsed(_ bytes: [UInt8]) -> SwiftFileSites {
        var out = SwiftFileSites()
        let tree = SwiftFile.parse(bytes)
        out.hasSyntaxErrors = tree.hasError
        let text = SiteFinder()
        text.walk(tree)
        out.text = text.sites
        let uikit = UIKitFinder()
        uikit.walk(tree)
        out.uikit = uikit.sites
        let accessors = AccessorFinder()
        accessors.walk(tree)
        out.accessors = accessors.entries
        return out
    }
}

/// What a thread of `onLargeStack` leaves for the caller, read after it signalled.
final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
