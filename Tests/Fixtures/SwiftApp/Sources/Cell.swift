import UIKit

final class StorageCell: UITableViewCell {
    private lazy var titleLabel: UILabel = {
        let label = UILabel()
        label.font = .preferredFont(forTextStyle: .headline)
        label.text = NSLocalizedString("cell.title", comment: "Storage row")
        label.adjustsFontForContentSizeCategory = true
        label.widthAnchor.constraint(equalToConstant: 140).isActive = true
        return label
    }()

    func makeButton() -> UIButton {
        let button = UIButton(type: .system)
        button.setTitle(String(localized: "button.save"), for: .normal)
        button.titleLabel?.font = .appTitle
        return button
    }

    func makeDetail() -> UILabel {
        let detail = UILabel()
        detail.text = L10n.items(3)
        detail.numberOfLines = 0
        return detail
    }
}
