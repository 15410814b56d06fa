/// The version of labelspec, as `labelspec --version`, SARIF's tool driver and the language
/// server's `serverInfo` report it.
public enum LabelSpecVersion {
    public static let current = "0.1.0"
}
