import UIKit

final class ProfileHeader: UIView {
    let nameLabel = UILabel()
    let countLabel = UILabel(frame: .zero)

    override init(frame: CGRect) {
        super.init(frame: frame)
        nameLabel.font = UIFont.systemFont(ofSize: 20, weight: .bold)
        nameLabel.text = NSLocalizedString("sync.status", comment: "")
        self.nameLabel.adjustsFontSizeToFitWidth = true
        nameLabel.minimumScaleFactor = 0.9
        nameLabel.numberOfLines = 1
        NSLayoutConstraint.activate([nameLabel.widthAnchor.constraint(lessThanOrEqualToConstant: 200)])
        countLabel.text = "Storage"
        countLabel.numberOfLines = 2
    }
}
