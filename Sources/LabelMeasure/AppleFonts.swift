import LabelVocabulary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Apple's font files, found by the names Apple gives them in the folders LabelSpec is told of
/// (`fontDirectories`, `--font-dir`) and, on a Mac, its own font folders: what measures the
/// system font of each design when a team has it (docs/measurement.md, "Apple's fonts").
///
/// In each folder, in order, for a design:
/// 1. the variable font (`SF-Pro.ttf`, `SFNS.ttf`; `SF-Pro-Rounded.ttf`, `SFNSRounded.ttf`;
///    `SF-Mono.ttf`, `SFNSMono.ttf`; `NewYork.ttf`): iOS's own kind of file, drawn at the weight's
///    named instance and the point size as its optical size;
/// 2. the static file of the weight (`SF-Pro-Text-Semibold.otf` and `SF-Pro-Display-Semibold.otf`,
///    `SF-Pro-Rounded-Semibold.otf`, `SF-Mono-Semibold.otf`, `NewYorkSmall-Semibold.otf` …).
/// The first folder with a file for the design and weight decides; a weight no folder has is
/// measured with the stand-in.
struct AppleFonts {
    let directories: [String]

    /// What a folder holds for a design, weight and size.
    enum File: Hashable {
        /// A variable font: set `wght` to the weight's named instance and `opsz` to the size.
        case variable(String)
        /// One static file.
        case single(String)
        /// Two static cuts of one design for small and large text (SF Pro Text and Display), with
        /// how far the size is from the first to the second (`StaticPair.blend`).
        case pair(text: String, display: String, t: Double)
    }

    /// The first folder's file for the system font of `design` at `weight` and `size`, or nil.
    /// `italic`: Apple's italic files (`SF-Pro-Italic.ttf`, `SF-Pro-Text-RegularItalic.otf`); nil
    /// when no folder has one (SF Pro Rounded has no italic).
    func file(design: FontDesign, weight: FontWeight, size: Double, italic: Bool = false) -> File? {
        var style = FontResolver.appleStyleName(weight)
        if italic { style += "Italic" }
        for dir in directories {
            for name in AppleFonts.variableNames(design, italic: italic) where AppleFonts.usable(dir + "/" + name) {
                return .variable(dir + "/" + name)
            }
            switch design {
            case .default:
                let text = dir + "/SF-Pro-Text-\(style).otf"
                let display = dir + "/SF-Pro-Display-\(style).otf"
                switch (AppleFonts.usable(text), AppleFonts.usable(display)) {
                case (true, true):
                    return StaticPair.file(text: text, display: display, size: size, displaySize: StaticPair.appleDisplaySize)
                // One cut alone serves only the sizes it is made for (Text to 17 pt, Display from
                // 28 pt): elsewhere iOS draws a mix of the two, and the stand-in blends them.
                case (true, false) where size <= StaticPair.textSize: return .single(text)
                case (false, true) where size >= StaticPair.appleDisplaySize: return .single(display)
                default: continue
                }
            case .rounded where italic: continue
            case .rounded, .monospaced:
                let path = dir + "/" + (design == .rounded ? "SF-Pro-Rounded-" : "SF-Mono-") + style + ".otf"
                if AppleFonts.usable(path) { return .single(path) }
            case .serif:
                // New York's optical size made for the size (another would be a few percent off).
                let path = dir + "/NewYork\(AppleFonts.newYorkCut(for: size))-\(style).otf"
                if AppleFonts.usable(path) { return .single(path) }
            }
        }
        return nil
    }

    /// The variable fonts' names for a design: Apple's download's first, then a Mac's own.
    static func variableNames(_ design: FontDesign, italic: Bool = false) -> [String] {
        if italic {
            switch design {
            case .default: return ["SF-Pro-Italic.ttf", "SFNSItalic.ttf"]
            case .rounded: return []
            case .monospaced: return ["SF-Mono-Italic.ttf", "SFNSMonoItalic.ttf"]
            case .serif: return ["NewYorkItalic.ttf"]
            }
        }
        switch design {
        case .default: return ["SF-Pro.ttf", "SFNS.ttf"]
        case .rounded: return ["SF-Pro-Rounded.ttf", "SFNSRounded.ttf"]
        case .monospaced: return ["SF-Mono.ttf", "SFNSMono.ttf"]
        case .serif: return ["NewYork.ttf"]
        }
    }

    /// New York's static optical size for `size`: Small to 19 pt, Medium 20–35, Large 36–53,
    /// Extra Large from 54 (where the variable New York of the same design switches).
    static func newYorkCut(for size: Double) -> String {
        size < 19.5 ? "Small" : size < 35.5 ? "Medium" : size < 53.5 ? "Large" : "ExtraLarge"
    }

    /// Whether `path` is a font file that opens (a regular, readable file HarfBuzz reads).
    static func usable(_ path: String) -> Bool {
        access(path, R_OK) == 0 && FontFace.validate(path: path) == nil
    }

    /// The folders a Mac keeps fonts in, after the ones LabelSpec is told of: a user's, the
    /// machine's (where Apple's SF Pro download puts its files), the system's (`SFNS.ttf`).
    /// Elsewhere none.
    static var platformDirectories: [String] {
        #if os(macOS)
            var dirs: [String] = []
            if let home = getenv("HOME") { dirs.append(String(cString: home) + "/Library/Fonts") }
            return dirs + ["/Library/Fonts", "/System/Library/Fonts"]
        #else
            return []
        #endif
    }
}

/// How static Text and Display cuts measure the sizes between them (issue 36, point 5): iOS's
/// variable system font follows the point size with its optical size, from Text's shapes at
/// 17 pt to Display's at 28 pt. A pair of static cuts does the same by interpolating each
/// glyph's advance between the two, from the Text cut at 17 pt to the Display cut at
/// `displaySize`, with the system font's tracking table on top (docs/measurement.md, "17 to 28
/// pt"). Measured against the variable SF Pro on 441 strings: SF Pro's static files reach it at
/// 28 pt, as SF Pro's optical size axis does (within 1.9 %, p95, where switching to Display at
/// 20 pt was 8.2 % off); Inter and Inter Display are closest reaching it at 25 pt (words within
/// −4.3 % and +3.1 %, p5 and p95, where the switch was −9 %).
enum StaticPair {
    /// The optical size of the Text design.
    static let textSize = 17.0
    /// Where Apple's static Display cut takes over: SF Pro's largest optical size.
    static let appleDisplaySize = 28.0
    /// Where Inter Display takes over.
    static let interDisplaySize = 25.0

    /// How far `size` is from Text (0) to Display (1).
    static func blend(at size: Double, displaySize: Double) -> Double {
        min(1, max(0, (size - textSize) / (displaySize - textSize)))
    }

    static func file(text: String, display: String, size: Double, displaySize: Double) -> AppleFonts.File {
        let t = blend(at: size, displaySize: displaySize)
        return t == 0 ? .single(text) : t == 1 ? .single(display) : .pair(text: text, display: display, t: t)
    }
}

/// The Debian families that stand in for SF Pro's other designs where Apple's files are not
/// given, and the factor that brings each to the width of the font it stands for: statistics
/// measured against Apple's files (`Benchmarks/stand-in-error.py`, docs/measurement.md,
/// "Stand-ins"), nothing of those files. SF Pro Rounded has SF Pro Display's advances: SF Pro's
/// own stand-in (Inter, Inter Display) serves it.
enum DesignStandIn {
    static func families(_ design: FontDesign) -> [String] {
        switch design {
        case .default, .rounded: return []
        case .monospaced: return ["DejaVu Sans Mono", "Noto Sans Mono", "Liberation Mono"]
        case .serif: return ["Noto Serif"]
        }
    }

    /// Every glyph of SF Mono is 0.618 em wide; the stand-in's are brought to that.
    static let monospacedAdvance = 0.618

    /// The median of Noto Serif's width over New York's by point size, on the 441 strings of
    /// the corpus (regular and bold): Noto Serif is divided by it.
    static let serifRatio: [(Double, Double)] = [
        (11, 0.9857), (13, 0.9990), (15, 1.0091), (17, 1.0193), (20, 1.0352), (22, 1.0384), (28, 1.0481), (34, 1.0579),
        (40, 1.0659), (53, 1.0802),
    ]

    static func scale(_ design: FontDesign, size: Double, face: FontFace) -> Double {
        switch design {
        case .default, .rounded: return 1
        case .monospaced:
            let zero = face.advance("0").units
            return zero > 0 ? monospacedAdvance * face.unitsPerEm / Double(zero) : 1
        case .serif: return 1 / SystemTracking.interpolated(size, serifRatio)
        }
    }
}
