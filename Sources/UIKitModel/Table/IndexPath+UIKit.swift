import Foundation

extension IndexPath {
    /// An index path of a table row, as UIKit's `IndexPath(row:section:)`.
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// The row of a table index path.
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// The section of a table index path.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// An index path of a collection view item, as UIKit's `IndexPath(item:section:)`.
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The item of a collection view index path.
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
