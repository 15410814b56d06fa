import CFontconfig
import Glibc
import LabelSpecSupport
import LabelVocabulary

/// What the measurement asks of a font.
public enum FontRequest: Hashable, Sendable {
    /// The system font: the user's file, or Inter (Inter Display from 20 pt) as a stand-in.
    case system(weight: FontWeight)
    /// A family found through fontconfig, e.g. "Inter" or "Avenir Next".
    case custom(family: String, weight: FontWeight)
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

/// Resolves font requests to opened faces, through fontconfig, and caches them.
public final class FontResolver: @unchecked Sendable {
    /// A font file standing in for the system font (e.g. the user's own SF Pro), if any.
    public let systemFontFile: String?
    private var faces: [String: FontFace] = [:]
    private var paths: [String: String] = [:]
    private let lock = Lock()

    public init(systemFontFile: String? = nil) {
        self.systemFontFile = systemFontFile
    }

    /// The face for a request at a point size.
    public func face(for request: FontRequest, size: Double) -> Result<FontFace, FontError> {
        lock.withLock { faceLocked(for: request, size: size) }
    }

    private func faceLocked(for request: FontRequest, size: Double) -> Result<FontFace, FontError> {
        let path: String
        switch request {
        case .system(let weight):
            if let file = systemFontFile {
                path = file
            } else {
                let family = size < 20 ? "Inter" : "Inter Display"
                let key = "\(family)|\(weight.rawValue)"
                if let p = paths[key] {
                    path = p
                } else {
                    // Debian's fonts-inter path first: starting fontconfig costs ~3 ms, a file 0.2.
                    let known = FontResolver.interDirectory + "/" + family.replacingSpaces() + "-"
                        + FontResolver.styleName(weight) + ".otf"
                    if access(known, R_OK) == 0 {
                        paths[key] = known
                        path = known
                    } else {
                        guard let p = match(family: family, weight: weight) else { return .failure(.unknownFamily(family)) }
                        path = p
                    }
                }
            }
        case .custom(let family, let weight):
            guard let p = match(family: family, weight: weight) else { return .failure(.unknownFamily(family)) }
            path = p
        }
        if let face = faces[path] { return .success(face) }
        guard let face = FontFace(path: path) else { return .failure(.unreadableFile(path)) }
        faces[path] = face
        return .success(face)
    }

    /// Where Debian's `fonts-inter` puts the static files.
    static let interDirectory = "/usr/share/fonts/opentype/inter"

    /// Inter's style names for the UIKit weights.
    static func styleName(_ weight: FontWeight) -> String {
        switch weight {
        case .ultraLight: return "ExtraLight"
        case .thin: return "Thin"
        case .light: return "Light"
        case .regular: return "Regular"
        case .medium: return "Medium"
        case .semibold: return "SemiBold"
        case .bold: return "Bold"
        case .heavy: return "ExtraBold"
        case .black: return "Black"
        }
    }

    /// fontconfig weights for the UIKit weights.
    static func fcWeight(_ weight: FontWeight) -> Int32 {
        switch weight {
        case .ultraLight: return 40  // FC_WEIGHT_EXTRALIGHT
        case .thin: return 0  // FC_WEIGHT_THIN
        case .light: return 50
        case .regular: return 80
        case .medium: return 100
        case .semibold: return 180
        case .bold: return 200
        case .heavy: return 205  // extra bold
        case .black: return 210
        }
    }

    /// The file of the best match for a family and weight; nil when fontconfig only has a fallback
    /// of another family.
    func match(family: String, weight: FontWeight) -> String? {
        let key = "\(family)|\(weight.rawValue)"
        if let p = paths[key] { return p }
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        FcPatternAddInteger(pattern, FC_WEIGHT, FontResolver.fcWeight(weight))
        FcPatternAddInteger(pattern, FC_SLANT, 0)
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
        guard familyOK else { return nil }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(matched, FC_FILE, 0, &file) == FcResultMatch, let f = file else { return nil }
        let path = String(cString: f)
        paths[key] = path
        return path
    }
}

extension String {
    func replacingSpaces() -> String { String(filter { $0 != " " }) }
}
