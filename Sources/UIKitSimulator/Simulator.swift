import UIKitModel
