extension Builder {
    /// A label's `width`: what its view hierarchy's Auto Layout gives it (`IBLabel.layoutWidth`),
    /// else its frame as designed; a button's title has that less its insets and image
    /// (`titleRoom`). Written with a comment that says where it comes from; returns that phrase
    /// (a finding's width source), nil when no width is written (a text set in code, not measured).
    ///
    /// What it writes is returned (`lines`), for the caller to write: written here through
    /// closures that change the builder, this method's `self` was a copy of the builder, and each
    /// line it wrote copied the whole source so far (50,000 labels: 38 s).
    func widthMembers(_ label: IBLabel, measured: Bool) -> (source: String?, lines: [WidthLine]) {
        var lines: [WidthLine] = []
        func comment(_ text: String) { lines.append(.comment(text)) }
        func attribute(_ name: String, _ a: XMLAttribute, _ value: String) { lines.append(.attribute(name, a, value)) }
        func member(_ name: String, _ value: String) { lines.append(.member(name, value)) }
        return (widthSource(label, measured: measured, comment: comment, attribute: attribute, member: member), lines)
    }

    /// A line `widthMembers` writes.
    enum WidthLine {
        case comment(String)
        case attribute(String, XMLAttribute, String)
        case member(String, String)
    }

    private func widthSource(
        _ label: IBLabel, measured: Bool, comment: (String) -> Void, attribute: (String, XMLAttribute, String) -> Void,
        member: (String, String) -> Void
    ) -> String? {
        let room = titleRoom(label)
        if !measured {
            // Not measured: a width that comes to nothing on a screen is not its problem.
            comment("width: not read: the text is set in code")
            return nil
        }
        if let solved = label.layoutWidth {
            // (What is taken off a button's width for its title: `lessRoom`, which keeps a title
            // that the image would leave no room for from a width below 0.)
            let taken = titleRoomInset(frame: solved.expression, room)
            let (value, notes) = lessRoom(solved.expression, room)
            var source = solved.source.isEmpty ? "its Auto Layout" : solved.source
            comment("width: " + source)
            // A button's finding is at its title's room: the phrase says what was taken off.
            if taken.inset != 0 { source += "; the title's room: \(Builder.points(taken.inset)) pt less, for its insets and image" }
            for line in notes { comment(line) }
            if let w = label.children["frame"]?["width"] { attribute("width", w, value) } else { member("width", value) }
            return source
        }
        guard let w = label.children["frame"]?["width"] else { return nil }
        let inset = titleRoomInset(frame: w.value, room)
        var source = "its frame: it is in no view LabelSpec lays out"
        comment("width: " + source)
        if inset.inset != 0 { source += "; the title's room: \(Builder.points(inset.inset)) pt less, for its insets and image" }
        for line in inset.comments { comment(line) }
        attribute("width", w, less(number(w.value), inset.inset))
        return source
    }
}
