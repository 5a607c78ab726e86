// View ▸ Show Partition tints the blocks of the half-wave rectifier by the
// portion they belong to: the diode nonlinear, the capacitor and the load
// linear (a storage element always goes to a linear portion); the tints go
// away when the overlay is turned off. A block clicked while it is shown shows its
// portion's noise at the ports beside it: C_s for the RC example's resistor, and
// for the rectifier's diode why Bosma's theorem does not give it (shot noise).

#include <QAction>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QUndoStack>

#include "../gui_test_support.h"
#include "analysis/partition_overlay.h"
#include "document/model_document.h"
#include "library.h"

using kelvin::gui::PartitionOverlay;
using Tint = kelvin::gui::PartitionOverlay::Tint;

class TestPartitionOverlay : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    kelvin::test::useTestSettings("tst_partition_overlay");
    kelvin::blocks::registerAll(registry_);
  }

  void tintsDiodeNonlinearAndCapacitorLinear() {
    kelvin::gui::MainWindow window(registry_);
    window.show();
    QVERIFY(window.openFile(QStringLiteral(KELVIN_EXAMPLES_DIR "/half_wave_rectifier.kelvin")));
    PartitionOverlay* overlay = window.partition();
    QCOMPARE(overlay->tintOf("D1"), Tint::None);
    QSignalSpy updated(overlay, &PartitionOverlay::updated);
    QAction* show = window.action(QStringLiteral("showPartition"));
    QVERIFY(show && show->isCheckable());
    show->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(updated.count(), 1, 30000);
    QVERIFY2(overlay->error().isEmpty(), qPrintable(overlay->error()));
    QCOMPARE(overlay->tintOf("D1"), Tint::Nonlinear);
    QCOMPARE(overlay->tintOf("C1"), Tint::Linear);
    QCOMPARE(overlay->tintOf("RL"), Tint::Linear);
    QCOMPARE(overlay->tintOf("Scope"), Tint::None);  // a signal block is in no portion
    // The tint covers the block and moves with it (a child item).
    QGraphicsRectItem* tint = overlay->tintItem("D1");
    QVERIFY(tint->sceneBoundingRect().contains(window.editor()->scene()->blockItem("D1")->bodySceneRect()));
    QVERIFY(tint->brush().color() != overlay->tintItem("C1")->brush().color());

    // The diode clicked: its portion has no port noise by Bosma's theorem, and the label says why.
    QVERIFY(!overlay->noiseLabel());
    kelvin::test::clickBlock(window, "D1");
    QVERIFY(overlay->noiseLabel());
    QVERIFY2(labelText(overlay).contains("shot noise"), qPrintable(labelText(overlay)));

    // Turning it off removes every tint and the label.
    show->trigger();
    QCOMPARE(overlay->tintOf("D1"), Tint::None);
    QCOMPARE(overlay->tintOf("C1"), Tint::None);
    QVERIFY(!overlay->noiseLabel());
  }

  void clickedResistorShowsItsPortNoise() {
    kelvin::gui::MainWindow window(registry_);
    window.show();
    QVERIFY(window.openFile(QStringLiteral(KELVIN_EXAMPLES_DIR "/rc_noise_spectrum.kelvin")));
    PartitionOverlay* overlay = window.partition();
    QSignalSpy updated(overlay, &PartitionOverlay::updated);
    window.action(QStringLiteral("showPartition"))->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(updated.count(), 1, 30000);
    kelvin::test::clickBlock(window, "R1");
    QVERIFY(overlay->noiseLabel());
    const QString text = labelText(overlay);
    QCOMPARE(text, overlay->noiseText("R1"));
    QVERIFY2(text.contains("C_s") && text.contains("W/Hz") && text.count('[') == 1, qPrintable(text));  // one port
    // The one entry is real and below kT (a passive port gives out at most kT per hertz).
    const QString entry = text.section('[', 1).section(' ', 1, 1);
    QVERIFY2(entry.toDouble() > 0.0 && entry.toDouble() < 1.380649e-23 * 300.15, qPrintable(entry));
    // Clearing the selection removes the label.
    window.editor()->scene()->clearSelection();
    QVERIFY(!overlay->noiseLabel());
  }

 private:
  static QString labelText(PartitionOverlay* overlay) {
    for (QGraphicsItem* child : overlay->noiseLabel()->childItems())
      if (auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(child)) return text->text();
    return {};
  }

  kelvin::core::BlockRegistry registry_;
};

QTEST_MAIN(TestPartitionOverlay)
#include "tst_partition_overlay.moc"
