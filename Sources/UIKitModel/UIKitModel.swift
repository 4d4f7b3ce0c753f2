// The UIKit model: see docs/model.md.
