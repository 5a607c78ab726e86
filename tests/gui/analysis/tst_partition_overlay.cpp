// View ▸ Show Partition tints the blocks of the half-wave rectifier by the
// portion they belong to: the diode nonlinear, the capacitor and the load
// linear (a storage element always goes to a linear portion); the tints go
// away when the overlay is turned off.

#include <QAction>
#include <QGraphicsRectItem>
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

    // Turning it off removes every tint.
    show->trigger();
    QCOMPARE(overlay->tintOf("D1"), Tint::None);
    QCOMPARE(overlay->tintOf("C1"), Tint::None);
  }

 private:
  kelvin::core::BlockRegistry registry_;
};

QTEST_MAIN(TestPartitionOverlay)
#include "tst_partition_overlay.moc"
