// A snippet that starts with `import UIKit` gets Foundation (re-exported by the model) and the model, as on iOS.
// Foundation is deliberately not re-exported here directly: the model's registration-ordered
// NotificationCenter members shadow Foundation's only when Foundation arrives through the model.
// The driver (`UIKitSimulator`) is not UIKit and is imported separately.
@_exported import UIKitModel
