import Foundation
import LabelVocabulary
import Testing

@testable import LabelMeasure

/// One set of rules puts text on a line (issue 34, "Pictures by the measurer's own rules"):
/// `LinePlacement` holds font runs, tracking per spaced cluster, tab stops, the ellipsis shaped
/// alone and tightening's squeeze; measuring and drawing both follow it.
@Suite struct LinePlacementTests {
    static let fonts = Measurer().fonts

    static func placement(_ request: FontRequest, size: Double, extraTracking: Double = 0) throws -> LinePlacement {
        let face = try fonts.face(for: request, size: size).get()
        var weight = FontWeight.regular
        if case .system(let w, _, _, _) = request { weight = w }
        var placement = LinePlacement(
            face: face, chain: nil, fonts: fonts, weight: weight, systemTracking: request == .system(weight: weight), language: nil)
        placement.setPointSize(size)
        placement.extraTracking = extraTracking
        return placement
    }

    /// A piece the layout measures whole is drawn exactly as wide: the pen after the last glyph
    /// is the measured width, with the system font's tracking, tightening's squeeze, tabs past
    /// the last stop and fallback fonts (tracking on the label's font's clusters only).
    @Test func aPieceIsDrawnAsWideAsItIsMeasured() throws {
        let texts = [
            "Download the latest version",
            "Name:\tValue\tMore",
            String(repeating: "x\t", count: 20) + "end",
            "Party 🎉🎈 with 👍🏽 and 🇯🇵",
            "日本語のテキスト",
        ]
        var checked = 0
        for request in [FontRequest.system(weight: .regular), .custom(family: "Inter", weight: .regular)] {
            for size in [11.0, 17, 28] {
                for extra in [0.0, -0.37] {
                    let placement = try Self.placement(request, size: size, extraTracking: extra)
                    for text in texts {
                        let measured = placement.width(text[...], at: 0)
                        let drawn = placement.place(
                            text, rightToLeft: false, ellipsisOffset: nil, baseline: 0, tightenedTo: nil, faceIndex: { _ in 0 })
                        #expect(
                            abs(drawn.width - measured) < 1e-9,
                            "\(text) at \(size), extra \(extra), \(request): drawn \(drawn.width), measured \(measured)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == 60)
    }

    /// A tab past the last stop (336 pt) is as wide as a space, tracking and squeeze included,
    /// in the measurement and in the drawing alike.
    @Test func aTabPastTheLastStopIsASpace() throws {
        let placement = try Self.placement(.system(weight: .regular), size: 17, extraTracking: -0.25)
        let space = placement.runWidth(" ")
        #expect(placement.afterTab(at: 400) == 400 + space)
        #expect(placement.afterTab(at: 30) == 56)
        #expect(abs(placement.width("\t"[...], at: 400) - space) < 1e-9)
    }

    /// Tightening's squeeze spreads the difference over the spaced clusters; a drawn line is
    /// placed again with it until it is as wide as the layout measured it.
    @Test func aTightenedLineIsDrawnAtItsMeasuredWidth() throws {
        #expect(LinePlacement.squeeze(from: 110, to: 100, clusters: 20) == -0.5)
        let placement = try Self.placement(.system(weight: .regular), size: 17)
        let text = "Notifications are turned off"
        let natural = placement.width(text[...], at: 0)
        let drawn = placement.place(
            text, rightToLeft: false, ellipsisOffset: nil, baseline: 0, tightenedTo: natural - 6, faceIndex: { _ in 0 })
        #expect(abs(drawn.width - (natural - 6)) < 1e-9)
        #expect(drawn.spacedClusters == placement.spacedClusters(text[...]))
    }

    /// Only `LinePlacement` states the rules: no other file of LabelMeasure reads the system
    /// font's tracking, the tab stops or the scan that decides a run's font (the measurer's
    /// cached advance and the fallback chain's count of spaced clusters aside).
    @Test func onlyLinePlacementStatesTheRules() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/LabelMeasure")
        let rules = ["SystemTracking.tracking(", "LayoutRules.tabStop(", "Coverage.scan(", "Coverage.isSpaced("]
        let allowed: [String: Set<String>] = [
            "LinePlacement.swift": Set(rules), "FontFace.swift": ["Coverage.scan("], "FontChain.swift": ["Coverage.isSpaced("],
        ]
        var found: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where file.hasSuffix(".swift") {
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in source.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                for rule in rules where line.contains(rule) && !(allowed[file]?.contains(rule) ?? false) {
                    found.append("\(file): \(rule)")
                }
            }
        }
        #expect(found == [])
    }
}
