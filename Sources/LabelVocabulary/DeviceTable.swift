/// Screens: the devices a label's width can follow (`width: .screen - 32`), as data. Every figure
/// and its source is in docs/language.md ("Screens"); the table is versioned (`version`), so a
/// finding can say which table it was measured with.

/// A horizontal size class, as UIKit's `UIUserInterfaceSizeClass`.
public enum SizeClass: String, Sendable, Hashable, CaseIterable {
    case compact, regular

    /// The system layout margin on each side of a root view in this size class (16 pt compact,
    /// 20 pt regular).
    public var margin: Double { self == .compact ? 16 : 20 }
}

/// `UIUserInterfaceIdiom`: what a device is.
public enum Idiom: String, Sendable, Hashable {
    case phone, pad

    /// The String Catalogs' device variation the idiom reads (`iphone`, `ipad`).
    public var catalogDevice: CatalogDevice { self == .phone ? .iphone : .ipad }
}

/// A key of a String Catalog's `variations.device` (and `device` of `labelspec.json`): the device
/// whose text a unit holds; `other` stands for every device the unit does not name. The only
/// place these names are spelled (`Tests/tidy/tidy.py`, rule `devices`).
public enum CatalogDevice: String, Sendable, Hashable, CaseIterable {
    case iphone, ipad, ipod, mac, applewatch, appletv, applevision, other
}

public enum Orientation: String, Sendable, Hashable, CaseIterable {
    case portrait, landscape
}

/// An iPad window of a share of the screen (Split View, Slide Over).
public enum WindowShare: String, Sendable, Hashable, CaseIterable {
    case oneThird = "1/3"
    case half = "1/2"
    case twoThirds = "2/3"
}

/// One device of the table: its portrait size in points, its safe-area insets on the left and
/// right in landscape (none in portrait on any device of the table), its size class in
/// landscape (every device is compact in portrait on a phone, regular on an iPad), its idiom.
public struct Device: Sendable, Hashable {
    /// Xcode's simulator name: what `labelspec.json` names.
    public let name: String
    public let idiom: Idiom
    public let portraitWidth: Double
    public let portraitHeight: Double
    public let landscapeInset: Double
    public let landscapeSizeClass: SizeClass

    public init(_ name: String, _ idiom: Idiom, _ width: Double, _ height: Double, landscapeInset: Double, landscape: SizeClass) {
        self.name = name
        self.idiom = idiom
        portraitWidth = width
        portraitHeight = height
        self.landscapeInset = landscapeInset
        landscapeSizeClass = landscape
    }

    /// The screen of the device in `orientation`.
    public func screen(_ orientation: Orientation, name: String? = nil) -> ScreenGeometry {
        switch orientation {
        case .portrait:
            return ScreenGeometry(
                name: name ?? self.name, width: portraitWidth, insets: 0, sizeClass: idiom == .phone ? .compact : .regular, idiom: idiom)
        case .landscape:
            return ScreenGeometry(
                name: name ?? "\(self.name) (landscape)", width: portraitHeight, insets: landscapeInset, sizeClass: landscapeSizeClass,
                idiom: idiom)
        }
    }

    /// The width of a window of `share` of an iPad's screen in `orientation`, and its size class
    /// (nil on a phone). Split View puts a 10 pt divider between two windows: a half is
    /// (W − 10) / 2; a third is 375 pt on a screen at least 1,194 pt wide in landscape or 1,024
    /// pt in portrait, else 320; two thirds are the rest less the divider; a window is regular
    /// from 678 pt. This gives every width of the table swift-snapshot-testing keeps for the
    /// iPads it knows (docs/language.md, "Screens"); for newer iPads it is that rule, unverified.
    public func window(_ share: WindowShare, _ orientation: Orientation) -> ScreenGeometry? {
        guard idiom == .pad else { return nil }
        let w = orientation == .portrait ? portraitWidth : portraitHeight
        let third: Double = (orientation == .landscape ? w >= 1_194 : w >= 1_024) ? 375 : 320
        let width: Double
        switch share {
        case .oneThird: width = third
        case .half: width = ((w - 10) / 2).rounded(.down)
        case .twoThirds: width = w - third - 10
        }
        return ScreenGeometry(
            name: "\(name) (\(share.rawValue), \(orientation.rawValue))", width: width, insets: 0,
            sizeClass: width >= 678 ? .regular : .compact, idiom: .pad)
    }
}

/// A screen a label is measured on: a device in an orientation, an iPad window, or a width
/// given by hand. The lengths a width expression reads follow from it.
public struct ScreenGeometry: Sendable, Hashable {
    /// How findings and `measure` name it: the device as configured, or the name given.
    public let name: String
    /// The window's width in points (`.screen`).
    public let width: Double
    /// The safe-area inset on each of the left and right sides.
    public let insets: Double
    public let sizeClass: SizeClass
    public let idiom: Idiom

    public init(name: String, width: Double, insets: Double = 0, sizeClass: SizeClass, idiom: Idiom = .phone) {
        self.name = name
        self.width = width
        self.insets = insets
        self.sizeClass = sizeClass
        self.idiom = idiom
    }

    /// The width less the left and right safe-area insets.
    public var safeArea: Double { width - 2 * insets }
    /// The safe area less the system layout margins (16 pt a side compact, 20 regular).
    public var margins: Double { safeArea - 2 * sizeClass.margin }
}

/// The built-in device table.
public enum DeviceTable {
    /// Changes when a figure or a device changes; docs/language.md lists what each version holds.
    public static let version = "2026.11"

    /// Every device, phones by width then name, then iPads.
    public static let devices: [Device] = [
        Device("iPhone SE (2nd generation)", .phone, 375, 667, landscapeInset: 0, landscape: .compact),
        Device("iPhone SE (3rd generation)", .phone, 375, 667, landscapeInset: 0, landscape: .compact),
        Device("iPhone 12 mini", .phone, 375, 812, landscapeInset: 50, landscape: .compact),
        Device("iPhone 13 mini", .phone, 375, 812, landscapeInset: 50, landscape: .compact),
        Device("iPhone 12", .phone, 390, 844, landscapeInset: 47, landscape: .compact),
        Device("iPhone 12 Pro", .phone, 390, 844, landscapeInset: 47, landscape: .compact),
        Device("iPhone 13", .phone, 390, 844, landscapeInset: 47, landscape: .compact),
        Device("iPhone 13 Pro", .phone, 390, 844, landscapeInset: 47, landscape: .compact),
        Device("iPhone 14", .phone, 390, 844, landscapeInset: 47, landscape: .compact),
        Device("iPhone 16e", .phone, 390, 844, landscapeInset: 47, landscape: .compact),
        Device("iPhone 14 Pro", .phone, 393, 852, landscapeInset: 59, landscape: .compact),
        Device("iPhone 15", .phone, 393, 852, landscapeInset: 59, landscape: .compact),
        Device("iPhone 15 Pro", .phone, 393, 852, landscapeInset: 59, landscape: .compact),
        Device("iPhone 16", .phone, 393, 852, landscapeInset: 59, landscape: .compact),
        Device("iPhone 16 Pro", .phone, 402, 874, landscapeInset: 62, landscape: .compact),
        Device("iPhone 17", .phone, 402, 874, landscapeInset: 62, landscape: .compact),
        Device("iPhone 17 Pro", .phone, 402, 874, landscapeInset: 62, landscape: .compact),
        Device("iPhone Air", .phone, 420, 912, landscapeInset: 62, landscape: .regular),
        Device("iPhone 12 Pro Max", .phone, 428, 926, landscapeInset: 47, landscape: .regular),
        Device("iPhone 13 Pro Max", .phone, 428, 926, landscapeInset: 47, landscape: .regular),
        Device("iPhone 14 Plus", .phone, 428, 926, landscapeInset: 47, landscape: .regular),
        Device("iPhone 14 Pro Max", .phone, 430, 932, landscapeInset: 59, landscape: .regular),
        Device("iPhone 15 Plus", .phone, 430, 932, landscapeInset: 59, landscape: .regular),
        Device("iPhone 15 Pro Max", .phone, 430, 932, landscapeInset: 59, landscape: .regular),
        Device("iPhone 16 Plus", .phone, 430, 932, landscapeInset: 59, landscape: .regular),
        Device("iPhone 16 Pro Max", .phone, 440, 956, landscapeInset: 62, landscape: .regular),
        Device("iPhone 17 Pro Max", .phone, 440, 956, landscapeInset: 62, landscape: .regular),
        Device("iPad mini (A17 Pro)", .pad, 744, 1133, landscapeInset: 0, landscape: .regular),
        Device("iPad (A16)", .pad, 820, 1180, landscapeInset: 0, landscape: .regular),
        Device("iPad Air 11-inch (M3)", .pad, 820, 1180, landscapeInset: 0, landscape: .regular),
        Device("iPad Pro 11-inch (M4)", .pad, 834, 1210, landscapeInset: 0, landscape: .regular),
        Device("iPad Air 13-inch (M3)", .pad, 1024, 1366, landscapeInset: 0, landscape: .regular),
        Device("iPad Pro 13-inch (M4)", .pad, 1032, 1376, landscapeInset: 0, landscape: .regular),
    ]

    /// The device named `name` exactly as Xcode spells it (case aside).
    public static func device(named name: String) -> Device? {
        if let exact = devices.first(where: { $0.name == name }) { return exact }
        // No device name is long: a longer one is none (and is not lowercased).
        guard name.utf8.count <= 64 else { return nil }
        let lower = name.lowercased()
        return devices.first { $0.name.lowercased() == lower }
    }

    /// The screens measured when the configuration names none: the narrowest current iPhone
    /// (iPhone SE (3rd generation), 375 pt), the most common width (iPhone 16, 393 pt) and the
    /// widest (iPhone 16 Pro Max, 440 pt), all in portrait.
    public static let defaultScreens: [ScreenGeometry] = [
        device(named: "iPhone SE (3rd generation)")!.screen(.portrait),
        device(named: "iPhone 16")!.screen(.portrait),
        device(named: "iPhone 16 Pro Max")!.screen(.portrait),
    ]

    /// `--screen all`: every device of the table in portrait.
    public static var allScreens: [ScreenGeometry] { devices.map { $0.screen(.portrait) } }
}

/// A length that follows the screen: what `width` and `preferredMaxLayoutWidth` may be besides a
/// number (`.screen - 32`, `(.screen - 48) / 2`, `.min(.margins, 600)`,
/// `.sizeClass(compact: .margins, regular: 600)`).
public indirect enum ScreenLength: Sendable, Hashable {
    case points(Double)
    /// The window's width.
    case screen
    /// The screen less its left and right safe-area insets.
    case safeArea
    /// The safe area less the system layout margins.
    case margins
    /// `lhs op rhs`.
    case operation(ScreenLength, ArithmeticOperator, ScreenLength)
    /// The smallest (`.min`) or largest (`.max`) of two or more lengths.
    case minimum([ScreenLength])
    case maximum([ScreenLength])
    /// One length in compact width, another in regular.
    case sizeClass(compact: ScreenLength, regular: ScreenLength)

    /// The most points a length may come to: a constant past it is `invalid-number`, and a
    /// length that comes to more on a screen is not measured there (docs/language.md, "Lengths").
    public static let mostPoints = 100_000.0

    /// The points it comes to on `screen`.
    public func resolved(on s: ScreenGeometry) -> Double {
        switch self {
        case .points(let p): return p
        case .screen: return s.width
        case .safeArea: return s.safeArea
        case .margins: return s.margins
        case .operation(let a, let op, let b):
            let (x, y) = (a.resolved(on: s), b.resolved(on: s))
            switch op {
            case .plus: return x + y
            case .minus: return x - y
            case .times: return x * y
            case .divided: return x / y
            }
        case .minimum(let all): return all.map { $0.resolved(on: s) }.min() ?? 0
        case .maximum(let all): return all.map { $0.resolved(on: s) }.max() ?? 0
        case .sizeClass(let compact, let regular): return (s.sizeClass == .compact ? compact : regular).resolved(on: s)
        }
    }

    /// Whether it reads the screen (if not, it is a number).
    public var followsScreen: Bool {
        switch self {
        case .points: return false
        case .screen, .safeArea, .margins, .sizeClass: return true
        case .operation(let a, _, let b): return a.followsScreen || b.followsScreen
        case .minimum(let all), .maximum(let all): return all.contains { $0.followsScreen }
        }
    }

    /// As the language writes it, with the spaces `format` puts (`.screen - 32`).
    public var source: String { text(parentStrength: 0, isRight: false) }

    private func text(parentStrength: Int, isRight: Bool) -> String {
        switch self {
        case .points(let p): return ScreenLength.number(p)
        case .screen: return ".screen"
        case .safeArea: return ".safeArea"
        case .margins: return ".margins"
        case .operation(let a, let op, let b):
            let strength = op.strength
            let inner =
                a.text(parentStrength: strength, isRight: false) + " \(op.rawValue) " + b.text(parentStrength: strength, isRight: true)
            // Brackets where the operator binds less than its context, or as strongly on the
            // right (`a - (b - c)`).
            return strength < parentStrength || (strength == parentStrength && isRight) ? "(\(inner))" : inner
        case .minimum(let all): return ".min(" + all.map(\.source).joined(separator: ", ") + ")"
        case .maximum(let all): return ".max(" + all.map(\.source).joined(separator: ", ") + ")"
        case .sizeClass(let c, let r): return ".sizeClass(compact: \(c.source), regular: \(r.source))"
        }
    }

    /// A number as the language writes it: no `.0` on a whole number.
    public static func number(_ p: Double) -> String {
        p == p.rounded() && abs(p) < 1e15 ? String(Int(p)) : String(p)
    }
}

public enum ArithmeticOperator: Character, Sendable, Hashable {
    case plus = "+", minus = "-", times = "*", divided = "/"

    var strength: Int { self == .plus || self == .minus ? 1 : 2 }
}
