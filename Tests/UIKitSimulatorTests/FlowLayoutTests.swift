import Foundation
import Testing
import UIKitModel
import UIKitSimulator

private final class Cell: UICollectionViewCell {
    static var made = 0
    var reused = 0
    override init(frame: CGRect) {
        Cell.made += 1
        super.init(frame: frame)
    }
    required init?(coder: NSCoder) { nil }
    override func prepareForReuse() { reused += 1 }
}

private final class Source: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    var counts: [Int]
    var sizes: [CGSize]?
    var selected: [IndexPath] = []
    init(counts: [Int], sizes: [CGSize]? = nil) {
        self.counts = counts
        self.sizes = sizes
    }
    func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { selected.append(indexPath) }
}

/// A data source whose delegate sizes the items.
private final class SizingSource: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 3 }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
        indexPath.item == 0 ? CGSize(width: 300, height: 40) : CGSize(width: 60, height: 20)
    }
}

@Suite("UICollectionViewFlowLayout and class registration (docs/model.md \"Flow layouts\")")
struct FlowLayoutTests {
    private func collection(_ layout: UICollectionViewFlowLayout, source: NSObject & UICollectionViewDataSource, height: CGFloat = 480,
                            in app: Simulator) -> UICollectionView {
        let controller = UIViewController()
        let view = UICollectionView(frame: CGRect(x: 0, y: 20, width: 320, height: height), collectionViewLayout: layout)
        view.register(Cell.self, forCellWithReuseIdentifier: "cell")
        view.dataSource = source
        view.delegate = source as? UICollectionViewDelegate
        controller.view.addSubview(view)
        app.show(controller)
        return view
    }

    @Test("Apple's defaults: 50 × 50 items, 10-pt spacings, no inset, vertical")
    func defaults() {
        SimulationLock.run {
            let layout = UICollectionViewFlowLayout()
            #expect(layout.itemSize == CGSize(width: 50, height: 50))
            #expect(layout.minimumLineSpacing == 10 && layout.minimumInteritemSpacing == 10)
            #expect(layout.sectionInset == .zero && layout.scrollDirection == .vertical && layout.estimatedItemSize == .zero)
        }
    }

    @Test("Lines fill while items fit with the minimum spacing; a line of several is flush with both insets [U], a line of one is centred [U]; sections follow one another inside their insets", arguments: [
        (2, [CGRect(x: 10, y: 10, width: 100, height: 30), CGRect(x: 210, y: 10, width: 100, height: 30)], CGFloat(50)),
        (3, [CGRect(x: 10, y: 10, width: 100, height: 30), CGRect(x: 110, y: 10, width: 100, height: 30), CGRect(x: 210, y: 10, width: 100, height: 30)], 50),
        (4, [CGRect(x: 10, y: 10, width: 100, height: 30), CGRect(x: 110, y: 10, width: 100, height: 30), CGRect(x: 210, y: 10, width: 100, height: 30), CGRect(x: 110, y: 45, width: 100, height: 30)], 85),
    ])
    func lines(count: Int, expected: [CGRect], contentHeight: CGFloat) {
        withSimulator { app in
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 100, height: 30)
            layout.minimumInteritemSpacing = 0
            layout.minimumLineSpacing = 5
            layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
            let source = Source(counts: [count])
            let view = collection(layout, source: source, in: app)
            let frames = (0..<count).map { view.cellForItem(at: IndexPath(item: $0, section: 0))!.frame }
            #expect(frames == expected)
            #expect(view.contentSize.height == contentHeight)
        }
    }

    @Test("The delegate's sizeForItemAt wins over itemSize; items are centred vertically in their line [U]")
    func delegateSizes() {
        withSimulator { app in
            let source = SizingSource()
            let view = collection(UICollectionViewFlowLayout(), source: source, in: app)
            #expect(view.cellForItem(at: IndexPath(item: 0, section: 0))!.frame == CGRect(x: 10, y: 0, width: 300, height: 40))
            #expect(view.cellForItem(at: IndexPath(item: 1, section: 0))!.frame == CGRect(x: 0, y: 50, width: 60, height: 20))
            #expect(view.cellForItem(at: IndexPath(item: 2, section: 0))!.frame == CGRect(x: 260, y: 50, width: 60, height: 20))
        }
    }

    @Test("A registered class is made for new items and a cell that scrolled out is reused after prepareForReuse(); a tap calls didSelectItemAt")
    func reuseAndSelection() {
        withSimulator { app in
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 320, height: 100)
            layout.minimumLineSpacing = 0
            let source = Source(counts: [20])
            Cell.made = 0
            let view = collection(layout, source: source, height: 200, in: app)
            let madeAtFirst = Cell.made
            #expect(madeAtFirst >= 2 && madeAtFirst <= 3)
            view.contentOffset = CGPoint(x: 0, y: 1000)
            view.layoutIfNeeded()
            #expect(Cell.made <= madeAtFirst + 1)
            #expect(view.visibleCells.contains { ($0 as! Cell).reused > 0 })
            app.tap(view.cellForItem(at: IndexPath(item: 11, section: 0))!)
            #expect(source.selected == [IndexPath(item: 11, section: 0)])
        }
    }
}
