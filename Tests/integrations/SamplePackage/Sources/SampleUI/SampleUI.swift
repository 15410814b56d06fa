/// The screen whose labels `Labels.labelspec` describes.
public enum SampleUI {
    public static let title = "Settings"
}
