// A snippet that starts with `import UIKit` gets Foundation and the model, as on iOS.
// The driver (`UIKitSimulator`) is not UIKit and is imported separately.
@_exported import Foundation
@_exported import UIKitModel
