import Foundation

/// A position in a text input's document, as UIKit's `UITextPosition`; the model's count UTF-16 units.
@preconcurrency @MainActor open class UITextPosition: NSObject {
    /// The offset from the start of the document in UTF-16 units.
    package let offset: Int

    package init(offset: Int) {
        self.offset = offset
        super.init()
    }

    public override init() {
        offset = 0
        super.init()
    }

    open override var description: String { "<UITextPosition offset=\(offset)>" }
}
