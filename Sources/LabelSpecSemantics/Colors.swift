/// An sRGB colour with alpha, components 0…255 (alpha 0…1).
public struct RGBA: Sendable, Hashable, CustomStringConvertible {
    public var red: UInt8, green: UInt8, blue: UInt8
    public var alpha: Double

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// `#RRGGBB` or `#RRGGBBAA` when not opaque.
    public var hex: String {
        func h(_ v: UInt8) -> String {
            let s = String(v, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        let a = UInt8((alpha * 255).rounded())
        return "#" + h(red) + h(green) + h(blue) + (a == 255 ? "" : h(a))
    }

    public var description: String {
        "rgba(\(red), \(green), \(blue), \(alpha == 1 ? "1" : String(format2(alpha))))"
    }
}

private func format2(_ v: Double) -> String {
    let r = (v * 100).rounded() / 100
    var s = "\(r)"
    if s.hasSuffix(".0") { s.removeLast(2) }
    return s
}

/// UIKit's system colours: light and dark appearance (iOS defaults), and their variants under
/// Increase Contrast (`UIAccessibilityContrast.high`).
public struct SystemColor: Sendable {
    public let name: String
    public let light: RGBA
    public let dark: RGBA
    /// Text colours come first in completion.
    public let isLabelColor: Bool
    /// The Increase Contrast variants; nil where none is documented (the standard value is used).
    public let lightHighContrast: RGBA?
    public let darkHighContrast: RGBA?

    init(name: String, light: RGBA, dark: RGBA, isLabelColor: Bool, lightHighContrast: RGBA? = nil, darkHighContrast: RGBA? = nil) {
        self.name = name
        self.light = light
        self.dark = dark
        self.isLabelColor = isLabelColor
        self.lightHighContrast = lightHighContrast
        self.darkHighContrast = darkHighContrast
    }

    /// Whether the colour is one of the background colours (completion offers them first for
    /// `backgroundColor`).
    public var isBackgroundColor: Bool { name.hasSuffix("Background") }

    /// The colour in an appearance.
    public func resolved(in appearance: Appearance) -> RGBA {
        switch appearance {
        case .light: return light
        case .dark: return dark
        case .lightIncreasedContrast: return lightHighContrast ?? light
        case .darkIncreasedContrast: return darkHighContrast ?? dark
        }
    }
}

/// The appearances a colour is resolved in: light and dark mode, each with and without Increase
/// Contrast.
public enum Appearance: Int, Sendable, CaseIterable, Comparable {
    case light, dark, lightIncreasedContrast, darkIncreasedContrast

    /// How messages name it: `light mode`, `dark mode with Increase Contrast`, …
    public var displayName: String {
        switch self {
        case .light: return "light mode"
        case .dark: return "dark mode"
        case .lightIncreasedContrast: return "light mode with Increase Contrast"
        case .darkIncreasedContrast: return "dark mode with Increase Contrast"
        }
    }

    /// Short names for tables: `light`, `dark`, `light, increased contrast`, …
    public var shortName: String {
        switch self {
        case .light: return "light"
        case .dark: return "dark"
        case .lightIncreasedContrast: return "light, increased contrast"
        case .darkIncreasedContrast: return "dark, increased contrast"
        }
    }

    /// The key of the `contrast` object of `measure --format json`.
    public var jsonKey: String {
        switch self {
        case .light: return "light"
        case .dark: return "dark"
        case .lightIncreasedContrast: return "lightIncreasedContrast"
        case .darkIncreasedContrast: return "darkIncreasedContrast"
        }
    }

    public var isDark: Bool { self == .dark || self == .darkIncreasedContrast }

    public static func < (a: Appearance, b: Appearance) -> Bool { a.rawValue < b.rawValue }
}

public enum SystemColors {
    public static let all: [SystemColor] = [
        .init(name: "label", light: RGBA(0, 0, 0), dark: RGBA(255, 255, 255), isLabelColor: true),
        .init(
            name: "secondaryLabel", light: RGBA(60, 60, 67, 0.6), dark: RGBA(235, 235, 245, 0.6), isLabelColor: true,
            lightHighContrast: RGBA(60, 60, 67, 173.0 / 255), darkHighContrast: RGBA(235, 235, 245, 173.0 / 255)),
        .init(
            name: "tertiaryLabel", light: RGBA(60, 60, 67, 0.3), dark: RGBA(235, 235, 245, 0.3), isLabelColor: true,
            lightHighContrast: RGBA(60, 60, 67, 96.0 / 255), darkHighContrast: RGBA(235, 235, 245, 96.0 / 255)),
        .init(
            name: "quaternaryLabel", light: RGBA(60, 60, 67, 0.18), dark: RGBA(235, 235, 245, 0.16), isLabelColor: true,
            lightHighContrast: RGBA(60, 60, 67, 66.0 / 255), darkHighContrast: RGBA(235, 235, 245, 61.0 / 255)),
        .init(
            name: "placeholderText", light: RGBA(60, 60, 67, 0.3), dark: RGBA(235, 235, 245, 0.3), isLabelColor: true,
            lightHighContrast: RGBA(60, 60, 67, 96.0 / 255), darkHighContrast: RGBA(235, 235, 245, 96.0 / 255)),
        .init(name: "link", light: RGBA(0, 122, 255), dark: RGBA(9, 132, 255), isLabelColor: true),
        .init(
            name: "systemRed", light: RGBA(255, 59, 48), dark: RGBA(255, 69, 58), isLabelColor: false, lightHighContrast: RGBA(215, 0, 21),
            darkHighContrast: RGBA(255, 105, 97)),
        .init(
            name: "systemOrange", light: RGBA(255, 149, 0), dark: RGBA(255, 159, 10), isLabelColor: false,
            lightHighContrast: RGBA(201, 52, 0), darkHighContrast: RGBA(255, 179, 64)),
        .init(
            name: "systemYellow", light: RGBA(255, 204, 0), dark: RGBA(255, 214, 10), isLabelColor: false,
            lightHighContrast: RGBA(160, 90, 0), darkHighContrast: RGBA(255, 212, 38)),
        .init(
            name: "systemGreen", light: RGBA(52, 199, 89), dark: RGBA(48, 209, 88), isLabelColor: false,
            lightHighContrast: RGBA(36, 138, 61), darkHighContrast: RGBA(48, 219, 91)),
        .init(name: "systemMint", light: RGBA(0, 199, 190), dark: RGBA(99, 230, 226), isLabelColor: false),
        .init(name: "systemTeal", light: RGBA(48, 176, 199), dark: RGBA(64, 200, 224), isLabelColor: false),
        .init(name: "systemCyan", light: RGBA(50, 173, 230), dark: RGBA(100, 210, 255), isLabelColor: false),
        .init(
            name: "systemBlue", light: RGBA(0, 122, 255), dark: RGBA(10, 132, 255), isLabelColor: false,
            lightHighContrast: RGBA(0, 64, 221), darkHighContrast: RGBA(64, 156, 255)),
        .init(
            name: "systemIndigo", light: RGBA(88, 86, 214), dark: RGBA(94, 92, 230), isLabelColor: false,
            lightHighContrast: RGBA(54, 52, 163), darkHighContrast: RGBA(125, 122, 255)),
        .init(
            name: "systemPurple", light: RGBA(175, 82, 222), dark: RGBA(191, 90, 242), isLabelColor: false,
            lightHighContrast: RGBA(137, 68, 171), darkHighContrast: RGBA(218, 143, 255)),
        .init(
            name: "systemPink", light: RGBA(255, 45, 85), dark: RGBA(255, 55, 95), isLabelColor: false,
            lightHighContrast: RGBA(211, 15, 69), darkHighContrast: RGBA(255, 100, 130)),
        .init(name: "systemBrown", light: RGBA(162, 132, 94), dark: RGBA(172, 142, 104), isLabelColor: false),
        .init(
            name: "systemGray", light: RGBA(142, 142, 147), dark: RGBA(142, 142, 147), isLabelColor: false,
            lightHighContrast: RGBA(108, 108, 112), darkHighContrast: RGBA(174, 174, 178)),
        .init(
            name: "systemGray2", light: RGBA(174, 174, 178), dark: RGBA(99, 99, 102), isLabelColor: false,
            lightHighContrast: RGBA(142, 142, 147), darkHighContrast: RGBA(124, 124, 128)),
        .init(
            name: "systemGray3", light: RGBA(199, 199, 204), dark: RGBA(72, 72, 74), isLabelColor: false,
            lightHighContrast: RGBA(174, 174, 178), darkHighContrast: RGBA(84, 84, 86)),
        .init(
            name: "systemGray4", light: RGBA(209, 209, 214), dark: RGBA(58, 58, 60), isLabelColor: false,
            lightHighContrast: RGBA(188, 188, 192), darkHighContrast: RGBA(68, 68, 70)),
        .init(
            name: "systemGray5", light: RGBA(229, 229, 234), dark: RGBA(44, 44, 46), isLabelColor: false,
            lightHighContrast: RGBA(216, 216, 220), darkHighContrast: RGBA(54, 54, 56)),
        .init(
            name: "systemGray6", light: RGBA(242, 242, 247), dark: RGBA(28, 28, 30), isLabelColor: false,
            lightHighContrast: RGBA(235, 235, 240), darkHighContrast: RGBA(36, 36, 38)),
        .init(
            name: "separator", light: RGBA(60, 60, 67, 0.29), dark: RGBA(84, 84, 88, 0.6), isLabelColor: false,
            lightHighContrast: RGBA(60, 60, 67, 94.0 / 255), darkHighContrast: RGBA(84, 84, 88, 173.0 / 255)),
        .init(name: "opaqueSeparator", light: RGBA(198, 198, 200), dark: RGBA(56, 56, 58), isLabelColor: false),
        .init(name: "systemBackground", light: RGBA(255, 255, 255), dark: RGBA(0, 0, 0), isLabelColor: false),
        .init(
            name: "secondarySystemBackground", light: RGBA(242, 242, 247), dark: RGBA(28, 28, 30), isLabelColor: false,
            lightHighContrast: RGBA(235, 235, 240), darkHighContrast: RGBA(36, 36, 38)),
        .init(
            name: "tertiarySystemBackground", light: RGBA(255, 255, 255), dark: RGBA(44, 44, 46), isLabelColor: false,
            lightHighContrast: RGBA(255, 255, 255), darkHighContrast: RGBA(54, 54, 56)),
        .init(
            name: "systemGroupedBackground", light: RGBA(242, 242, 247), dark: RGBA(0, 0, 0), isLabelColor: false,
            lightHighContrast: RGBA(235, 235, 240), darkHighContrast: RGBA(0, 0, 0)),
        .init(
            name: "secondarySystemGroupedBackground", light: RGBA(255, 255, 255), dark: RGBA(28, 28, 30), isLabelColor: false,
            lightHighContrast: RGBA(255, 255, 255), darkHighContrast: RGBA(36, 36, 38)),
        .init(
            name: "tertiarySystemGroupedBackground", light: RGBA(242, 242, 247), dark: RGBA(44, 44, 46), isLabelColor: false,
            lightHighContrast: RGBA(235, 235, 240), darkHighContrast: RGBA(54, 54, 56)),
        .init(name: "lightText", light: RGBA(255, 255, 255, 0.6), dark: RGBA(255, 255, 255, 0.6), isLabelColor: false),
        .init(name: "darkText", light: RGBA(0, 0, 0), dark: RGBA(0, 0, 0), isLabelColor: false),
        .init(name: "white", light: RGBA(255, 255, 255), dark: RGBA(255, 255, 255), isLabelColor: false),
        .init(name: "black", light: RGBA(0, 0, 0), dark: RGBA(0, 0, 0), isLabelColor: false),
        .init(name: "clear", light: RGBA(0, 0, 0, 0), dark: RGBA(0, 0, 0, 0), isLabelColor: false),
    ]

    public static let byName: [String: SystemColor] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
}
