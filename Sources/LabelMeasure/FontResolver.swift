import CFontconfig
import LabelSpecSupport
import LabelVocabulary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the measurement asks of a font.
public enum FontRequest: Hashable, Sendable {
    /// The system font of a design: the user's file (`systemFont`), Apple's files from the font
    /// folders, or a stand-in (Inter and Inter Display for SF Pro).
    /// `monospacedDigit`: digits of equal width (the font's `tnum` feature); `italic`: the
    /// italic faces.
    case system(weight: FontWeight, design: FontDesign = .default, monospacedDigit: Bool = false, italic: Bool = false)
    /// A family found through fontconfig, e.g. "Inter" or "Avenir Next", at a weight and slant
    /// (the nearest face the family has: fontconfig's match); `monospacedDigit`: its `tnum`.
    case custom(family: String, weight: FontWeight, italic: Bool = false, monospacedDigit: Bool = false)
}

public enum FontError: Error, Equatable, CustomStringConvertible, Sendable {
    case unreadableFile(String)
    case unknownFamily(String)

    public var description: String {
        switch self {
        case .unreadableFile(let path): return "cannot open the font file '\(path)'"
        case .unknownFamily(let family): return "no installed font has the family '\(family)'"
        }
    }
}

/// A font of `fallbackFonts`: a file (every face of a collection, in order) or a family name
/// found through fontconfig at the label's weight.
public enum FallbackFont: Hashable, Sendable {
    case file(String)
    case family(String)
}

/// Resolves font requests to opened faces, through fontconfig, and caches them.
public final class FontResolver: @unchecked Sendable {
    /// A font file standing in for the system font (e.g. the user's own SF Pro), if any.
    public let systemFontFile: String?
    /// Fonts tried after the label's own font and before fontconfig's fallback.
    public let fallbackFonts: [FallbackFont]
    /// The folders Apple's fonts are looked for in (`fontDirectories`, `--font-dir`), before a
    /// Mac's own and before the stand-ins.
    public let fontDirectories: [String]
    let appleFonts: AppleFonts
    /// The faces open, by file, axes, blend, features, scale and size (`FontFile`).
    private var faces: [FontFile: FontFace] = [:]
    /// How many faces are open (tests bound it).
    var openFaceCount: Int { lock.withLock { faces.count } }
    private var paths: [String: FontFile] = [:]
    /// The `match` keys no installed font has (an app's bundled family, not installed here): not
    /// asked of fontconfig again.
    private var missing: Set<String> = []
    private var chains: [ChainKey: FontChain] = [:]
    /// Faces already resolved for a request (and, for the stand-in system font, whether the size
    /// asks for its Display cut): one look-up per layout, no string built.
    private var resolved: [FaceKey: FontFace] = [:]

    struct ChainKey: Hashable {
        let primary: ObjectIdentifier
        let weight: FontWeight
        let italic: Bool
        let language: String?
    }

    struct FaceKey: Hashable {
        let request: FontRequest
        /// The point size, for the system font (its file, cut and optical size follow it); 0 for
        /// a custom family.
        let size: Double
    }
    /// fontconfig's fonts sorted for a language and weight (no family asked), kept for the
    /// fallback: the first of them that has a cluster's characters draws it.
    private var sorted: [String: [SortedFont]] = [:]
    private let lock = Lock()

    public init(systemFontFile: String? = nil, fallbackFonts: [FallbackFont] = [], fontDirectories: [String] = []) {
        self.systemFontFile = systemFontFile
        self.fallbackFonts = fallbackFonts
        self.fontDirectories = fontDirectories
        appleFonts = AppleFonts(directories: fontDirectories + AppleFonts.platformDirectories)
    }

    /// A face of a font file: its path and index in a collection, the settings of its axes, and
    /// the cut its advances are blended with (`StaticPair`).
    struct FontFile: Hashable {
        var path: String
        var index: Int
        var variations: [FontVariation] = []
        var blend: BlendedCut?
        var features: [String] = []
        /// `FontFace.widthScale`.
        var scale: Double = 1
        /// The point size set on a font that tracks itself (`FontFace.tracksItself`).
        var pointSize: Float?
        /// Whether its own `trak` table is read (`FontFace.ownTrack`).
        var readsOwnTrack = false
        /// `FontFace.tabularDigits`.
        var tabularDigits = false
    }

    struct BlendedCut: Hashable {
        var path: String
        var t: Double
    }

    /// The fallback chain of a face at a weight and language (cached).
    public func chain(for primary: FontFace, weight: FontWeight, italic: Bool = false, language: String?) -> FontChain {
        // Faces live as long as the resolver (kept in `faces`), so their identity is a key.
        let key = ChainKey(primary: ObjectIdentifier(primary), weight: weight, italic: italic, language: language)
        return lock.withLock {
            if let c = chains[key] { return c }
            var configured: [FontFace] = []
            for font in fallbackFonts {
                switch font {
                case .file(let path):
                    for i in 0..<max(1, FontFace.faceCount(path: path)) {
                        if let f = openLocked(FontFile(path: path, index: i)) { configured.append(f) }
                    }
                case .family(let family):
                    if let file = match(family: family, weight: weight, italic: italic), let f = openLocked(file) { configured.append(f) }
                }
            }
            let c = FontChain(primary: primary, configured: configured, resolver: self, language: language, weight: weight, italic: italic)
            chains[key] = c
            return c
        }
    }

    /// The first font in fontconfig's order for the language, weight and slant (`italic`: an
    /// italic face first, where a family has one) that has every one of `scalars` (and whose
    /// file opens), or nil when no installed font has them all.
    func systemFallback(for scalars: [Unicode.Scalar], language: String, weight: FontWeight, italic: Bool = false) -> FontFace? {
        lock.withLock {
            let key = "\(language)|\(weight.rawValue)" + (italic ? "|italic" : "")
            let fonts = sorted[key] ?? sortedFonts(language: language, weight: weight, italic: italic)
            sorted[key] = fonts
            for font in fonts where scalars.allSatisfy({ FcCharSetHasChar(font.charset, $0.value) != 0 }) {
                if let face = openLocked(font.file), face.covers(scalars) { return face }
            }
            return nil
        }
    }

    /// One font of fontconfig's sorted list: its file and the characters it has.
    struct SortedFont {
        var file: FontFile
        /// Owned by the font set, which is never freed (one per language and weight).
        var charset: OpaquePointer
    }

    private func sortedFonts(language: String, weight: FontWeight, italic: Bool) -> [SortedFont] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        _ = language.withCString { FcPatternAddString(pattern, FC_LANG, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        FcPatternAddInteger(pattern, FC_WEIGHT, FontResolver.fcWeight(weight))
        FcPatternAddInteger(pattern, FC_SLANT, italic ? 100 : 0)  // FC_SLANT_ITALIC, FC_SLANT_ROMAN
        FcPatternAddBool(pattern, FC_SCALABLE, 1)
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        // Not trimmed: a font that adds no character of its own may still be the first to have
        // all of a cluster's.
        guard let set = FcFontSort(nil, pattern, 0, nil, &result) else { return [] }
        var out: [SortedFont] = []
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            var charset: OpaquePointer?
            var index: Int32 = 0
            guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let f = file,
                FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let cs = charset
            else { continue }
            _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
            out.append(SortedFont(file: FontFile(path: String(cString: f), index: Int(index)), charset: cs))
        }
        return out
    }

    private func openLocked(_ file: FontFile) -> FontFace? {
        if let face = faces[file] { return face }
        var blend: FontFace.Blend?
        if let b = file.blend {
            // The partner is tracked at the same point size as the face (`tracksItself`).
            guard
                let partner = openLocked(
                    FontFile(path: b.path, index: 0, features: file.features, pointSize: file.pointSize, tabularDigits: file.tabularDigits))
            else { return nil }
            blend = FontFace.Blend(partner: partner, t: b.t)
        }
        guard
            let face = FontFace(
                path: file.path, index: file.index, variations: file.variations, blend: blend, features: file.features,
                widthScale: file.scale, pointSize: file.pointSize, readsOwnTrack: file.readsOwnTrack,
                tabularDigits: file.tabularDigits)
        else { return nil }
        faces[file] = face
        return face
    }

    /// Whether fontconfig has a font of the family (not a fallback of another family).
    public func hasFamily(_ family: String) -> Bool {
        lock.withLock { match(family: family, weight: .regular) != nil }
    }

    /// The face for a request at a point size.
    public func face(for request: FontRequest, size: Double) -> Result<FontFace, FontError> {
        let key: FaceKey
        if case .system = request {
            key = FaceKey(request: request, size: FontResolver.step(size))
        } else {
            key = FaceKey(request: request, size: 0)
        }
        return lock.withLock {
            if let face = resolved[key] { return .success(face) }
            let r = faceLocked(for: request, size: size)
            if case .success(let face) = r { resolved[key] = face }
            return r
        }
    }

    /// A point size to the half point: what a face's blend, width factor and tracking size follow,
    /// so that a document of a thousand sizes opens a few faces, not a thousand (at most 0.25 pt
    /// off: a blend 3 % off, widths 0.1 %).
    static func step(_ size: Double) -> Double { (size * 2).rounded() / 2 }

    private func faceLocked(for request: FontRequest, size exact: Double) -> Result<FontFace, FontError> {
        let size = FontResolver.step(exact)
        var file: FontFile
        switch request {
        case .system(let weight, let design, let digits, let italic):
            if design == .default, !italic, let systemFontFile {
                file = FontFile(path: systemFontFile, index: 0)
            } else if let apple = appleFonts.file(design: design, weight: weight, size: size, italic: italic) {
                file = appleFile(apple, weight: weight, size: size)
                // SF Pro Rounded's and New York's static files are tracked by their own table
                // (SF Pro's Text/Display pair by the system font's, as its variable font is).
                file.readsOwnTrack = design != .default
            } else {
                switch standIn(design: design, weight: weight, size: size, italic: italic) {
                case .success(let f): file = f
                case .failure(let e): return .failure(e)
                }
            }
            if digits { (file.features, file.tabularDigits) = (["tnum"], true) }
        case .custom(let family, let weight, let italic, let digits):
            guard let p = match(family: family, weight: weight, italic: italic) else { return .failure(.unknownFamily(family)) }
            file = p
            // The family's own `tnum`, as iOS draws it (not the stand-ins' equal digits).
            if digits { file.features = ["tnum"] }
        }
        guard var face = openLocked(file) else { return .failure(.unreadableFile(file.path)) }
        if case .system = request, face.tracksItself {
            // HarfBuzz tracks it at the size set on the font: set it to the size measured.
            file.pointSize = Float(size)
            face = openLocked(file) ?? face
        }
        return .success(face)
    }

    /// The file to open for one of Apple's: a variable font at the weight's named instance (else
    /// `wght` as CSS numbers it) and the size as its optical size; a static pair blended.
    private func appleFile(_ apple: AppleFonts.File, weight: FontWeight, size: Double) -> FontFile {
        switch apple {
        case .single(let path):
            return FontFile(path: path, index: 0)
        case .pair(let text, let display, let t):
            return FontFile(path: text, index: 0, blend: BlendedCut(path: display, t: t))
        case .variable(let path):
            let named = openLocked(FontFile(path: path, index: 0))?.namedInstance(FontResolver.appleStyleName(weight))
            var axes = (named ?? FontResolver.systemVariations(weight: weight, size: size)).filter { $0.tag != "opsz" }
            axes.append(FontVariation("opsz", Float(size.rounded())))
            return FontFile(path: path, index: 0, variations: axes)
        }
    }

    /// The stand-in for the system font of a design: for SF Pro, Inter below 17 pt, Inter
    /// Display from 25 pt, the two blended between (`StaticPair`); for the other designs, the
    /// Debian family closest in width (`DesignStandIn`), else SF Pro's stand-in.
    private func standIn(design: FontDesign, weight: FontWeight, size: Double, italic: Bool = false) -> Result<FontFile, FontError> {
        for family in DesignStandIn.families(design) {
            guard var file = match(family: family, weight: weight, italic: italic), let face = openLocked(file) else { continue }
            file.scale = DesignStandIn.scale(design, size: size, face: face)
            return .success(file)
        }
        func inter(_ family: String) -> FontFile? {
            let key = "\(family)|\(weight.rawValue)|\(italic)"
            if let p = paths[key] { return p }
            // Debian's fonts-inter path first: starting fontconfig costs ~3 ms, a file 0.2.
            // Its italic files end in `Italic`, the regular one `Inter-Italic.otf`.
            var style = FontResolver.styleName(weight)
            if italic { style = style == "Regular" ? "Italic" : style + "Italic" }
            let known = FontResolver.interDirectory + "/" + family.replacingSpaces() + "-" + style + ".otf"
            if access(known, R_OK) == 0 {
                paths[key] = FontFile(path: known, index: 0)
                return paths[key]
            }
            return match(family: family, weight: weight, italic: italic)
        }
        switch StaticPair.file(text: "Inter", display: "Inter Display", size: size, displaySize: StaticPair.interDisplaySize) {
        case .single(let family), .variable(let family):
            return inter(family).map { .success($0) } ?? .failure(.unknownFamily(family))
        case .pair(let text, let display, let t):
            guard let a = inter(text) else { return .failure(.unknownFamily(text)) }
            guard let b = inter(display) else { return .success(a) }
            return .success(FontFile(path: a.path, index: a.index, blend: BlendedCut(path: b.path, t: t)))
        }
    }

    /// Where Debian's `fonts-inter` puts the static files.
    static let interDirectory = "/usr/share/fonts/opentype/inter"

    /// The axis settings of a variable system font without named instances, at a weight and
    /// point size: `wght` as CSS numbers it (ultraLight 100 … black 900) and `opsz` the point
    /// size, whole.
    static func systemVariations(weight: FontWeight, size: Double) -> [FontVariation] {
        let wght: Float =
            switch weight {
            case .ultraLight: 100
            case .thin: 200
            case .light: 300
            case .regular: 400
            case .medium: 500
            case .semibold: 600
            case .bold: 700
            case .heavy: 800
            case .black: 900
            }
        return [FontVariation("wght", wght), FontVariation("opsz", Float(size.rounded()))]
    }

    /// SF Pro's style names for the UIKit weights.
    static func appleStyleName(_ weight: FontWeight) -> String {
        switch weight {
        case .ultraLight: return "Ultralight"
        case .thin: return "Thin"
        case .light: return "Light"
        case .regular: return "Regular"
        case .medium: return "Medium"
        case .semibold: return "Semibold"
        case .bold: return "Bold"
        case .heavy: return "Heavy"
        case .black: return "Black"
        }
    }

    /// Inter's style names for the UIKit weights.
    /// Apple's ultraLight is its lightest (`UIFont.Weight.ultraLight` −0.8, `.thin` −0.6): Inter's
    /// Thin (100), and Apple's thin Inter's ExtraLight (200), as `systemVariations` has them.
    static func styleName(_ weight: FontWeight) -> String {
        switch weight {
        case .ultraLight: return "Thin"
        case .thin: return "ExtraLight"
        case .light: return "Light"
        case .regular: return "Regular"
        case .medium: return "Medium"
        case .semibold: return "SemiBold"
        case .bold: return "Bold"
        case .heavy: return "ExtraBold"
        case .black: return "Black"
        }
    }

    /// The installed face whose PostScript name is `name` (case as written, as Core Text
    /// compares it), and its family; nil when none has it.
    private func matchPostScriptName(_ name: String) -> (FontFile, String?)? {
        guard !name.isEmpty, let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = name.withCString { FcPatternAddString(pattern, FC_POSTSCRIPT_NAME, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(matched) }
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(matched, FC_POSTSCRIPT_NAME, 0, &value) == FcResultMatch, let v = value, String(cString: v) == name
        else { return nil }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(matched, FC_FILE, 0, &file) == FcResultMatch, let f = file else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(matched, FC_INDEX, 0, &index)
        var family: UnsafeMutablePointer<FcChar8>?
        let familyName = FcPatternGetString(matched, FC_FAMILY, 0, &family) == FcResultMatch ? family.map { String(cString: $0) } : nil
        return (FontFile(path: String(cString: f), index: Int(index)), familyName)
    }

    /// fontconfig weights for the UIKit weights.
    static func fcWeight(_ weight: FontWeight) -> Int32 {
        switch weight {
        case .ultraLight: return 0  // FC_WEIGHT_THIN: Apple's lightest
        case .thin: return 40  // FC_WEIGHT_EXTRALIGHT
        case .light: return 50
        case .regular: return 80
        case .medium: return 100
        case .semibold: return 180
        case .bold: return 200
        case .heavy: return 205  // extra bold
        case .black: return 210
        }
    }

    /// The file (and face in a collection) of the best match for a family, weight and slant,
    /// else of the face whose PostScript name it is (`Inter-Bold`); nil when fontconfig only has
    /// a fallback of another family. Answers, and families none has, are kept.
    func match(family: String, weight: FontWeight, italic: Bool = false) -> FontFile? {
        let key = "\(family)|\(weight.rawValue)" + (italic ? "|italic" : "")
        if let p = paths[key] { return p }
        if missing.contains(key) { return nil }
        guard let found = matchUncached(family: family, weight: weight, italic: italic) else {
            missing.insert(key)
            return nil
        }
        paths[key] = found
        return found
    }

    private func matchUncached(family: String, weight: FontWeight, italic: Bool) -> FontFile? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        FcPatternAddInteger(pattern, FC_WEIGHT, FontResolver.fcWeight(weight))
        FcPatternAddInteger(pattern, FC_SLANT, italic ? 100 : 0)  // FC_SLANT_ITALIC, FC_SLANT_ROMAN
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(matched) }
        // fontconfig always answers; accept only a face of the requested family.
        var familyOK = false
        var i: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(matched, FC_FAMILY, i, &value) == FcResultMatch, let v = value {
            if String(cString: v).lowercased() == family.lowercased() { familyOK = true }
            i += 1
        }
        guard familyOK else {
            // A face's PostScript name (`Inter-Bold`: what UIKit's `UIFont(name:size:)` and an
            // attributed string's font are usually given): that face; with a weight or slant
            // asked on top (`….withTraits(.traitBold)`), its family's face at those.
            guard let (face, faceFamily) = matchPostScriptName(family) else { return nil }
            if weight != .regular || italic, let faceFamily, faceFamily.lowercased() != family.lowercased(),
                let other = match(family: faceFamily, weight: weight, italic: italic)
            {
                return other
            }
            return face
        }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(matched, FC_FILE, 0, &file) == FcResultMatch, let f = file else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(matched, FC_INDEX, 0, &index)
        return FontFile(path: String(cString: f), index: Int(index))
    }
}

extension String {
    func replacingSpaces() -> String { String(filter { $0 != " " }) }
}
