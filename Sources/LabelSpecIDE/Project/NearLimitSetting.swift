import JSON
import LabelSpecSemantics

/// `nearLimit` of `labelspec.json`: `false` (no `near-limit`), `true` (the default bands), or
/// `{"standIn": 4, "real": 0.5}`, the bands in percent of the label's width (either may be left
/// out: the measured table for a stand-in, 0.5 % for Apple's font). docs/measurement.md,
/// "Stand-ins", says how the table was measured.
enum NearLimitSetting {
    /// The band, or what is wrong and where (nil: at the key).
    static func read(_ value: JSONValue, span: JSONSpan?) -> Result<Configuration.NearLimitBand?, NearLimitProblem> {
        switch value {
        case .bool(let on): return .success(on ? Configuration.NearLimitBand() : nil)
        case .object(let entries):
            var band = Configuration.NearLimitBand()
            for (name, v) in entries {
                guard name == "standIn" || name == "real" else {
                    return .failure(
                        NearLimitProblem(message: "'nearLimit' has only 'standIn' and 'real'", at: span?.member(name)?.key))
                }
                guard let n = v.doubleValue, n.isFinite, n >= 0, n <= 50 else {
                    return .failure(
                        NearLimitProblem(
                            message: "'nearLimit.\(name)' must be a percentage from 0 to 50 (4 for 4 %)",
                            at: span?.member(name)?.value.range)
                    )
                }
                if name == "standIn" { band.standIn = n / 100 } else { band.real = n / 100 }
            }
            return .success(band)
        default:
            return .failure(
                NearLimitProblem(message: #"'nearLimit' must be false, true or an object such as {"standIn": 4, "real": 0.5}"#, at: nil))
        }
    }

    struct NearLimitProblem: Error {
        let message: String
        let at: Range<Int>?
    }
}
