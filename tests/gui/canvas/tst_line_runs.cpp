// LineRuns: horizontal and vertical segments clipped to an area and merged per group where they
// lie on one line and overlap or touch (what WireLayer and OverviewPainter draw), and one line
// clipped alone (what OverviewPainter does to the merged lines each frame). The expected lines are
// worked out by hand from the segments given.

#include <QtTest>

#include "canvas/line_runs.h"

using kelvin::gui::LineRuns;

namespace {

/// The merged lines of every group.
std::vector<std::vector<QLineF>> merged(LineRuns& runs) {
  std::vector<std::vector<QLineF>> lines;
  runs.mergeInto(lines);
  return lines;
}

}  // namespace

class TestLineRuns : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void overlappingAndTouchingPiecesOfOneLineMerge() {
    LineRuns runs(QRectF(-100, -100, 200, 200));
    // Three wires into one node along y = 10, the third given the other way round.
    runs.add(0, {-50, 10}, {0, 10});
    runs.add(0, {-80, 10}, {-20, 10});
    runs.add(0, {30, 10}, {0, 10});   // touches the first at x = 0
    runs.add(0, {40, 10}, {60, 10});  // a gap before it: stays apart
    runs.add(0, {5, 0}, {5, 50});     // vertical
    runs.add(0, {5, 40}, {5, 70});
    const auto lines = merged(runs);
    QCOMPARE(lines.size(), std::size_t(1));
    QCOMPARE(lines[0].size(), std::size_t(3));
    QCOMPARE(lines[0][0], QLineF(-80, 10, 30, 10));
    QCOMPARE(lines[0][1], QLineF(40, 10, 60, 10));
    QCOMPARE(lines[0][2], QLineF(5, 0, 5, 70));
  }

  void groupsAndParallelLinesStayApart() {
    LineRuns runs(QRectF(-100, -100, 200, 200));
    runs.add(1, {0, 0}, {50, 0});
    runs.add(0, {0, 0}, {50, 0});
    runs.add(0, {0, 1}, {50, 1});
    const auto lines = merged(runs);
    QCOMPARE(lines.size(), std::size_t(2));
    QCOMPARE(lines[0], (std::vector<QLineF>{QLineF(0, 0, 50, 0), QLineF(0, 1, 50, 1)}));
    QCOMPARE(lines[1], std::vector<QLineF>{QLineF(0, 0, 50, 0)});
  }

  void segmentsAreGrownThenClippedToTheArea() {
    LineRuns runs(QRectF(0, 0, 100, 100));
    runs.add(0, {20, 50}, {60, 50}, 1, 2);    // grown: 19 .. 62
    runs.add(0, {70, -500}, {70, 500});       // clipped to 0 .. 100
    runs.add(0, {-50, 200}, {50, 200});       // below the area: dropped
    runs.add(0, {150, 10}, {150, 90});        // right of it: dropped
    QVERIFY(!runs.add(0, {0, 0}, {10, 10}));  // diagonal: not taken
    const auto lines = merged(runs);
    QCOMPARE(lines.size(), std::size_t(1));
    QCOMPARE(lines[0], (std::vector<QLineF>{QLineF(19, 50, 62, 50), QLineF(70, 0, 70, 100)}));
    // Merged once: a second merge has nothing left.
    QVERIFY(merged(runs).empty());
  }

  void aLineIsClippedAsAddClipsIt() {
    const QRectF area(0, 0, 100, 100);
    QCOMPARE(LineRuns::clipped(QLineF(-20, 50, 60, 50), area), QLineF(0, 50, 60, 50));
    QCOMPARE(LineRuns::clipped(QLineF(70, 500, 70, 40), area), QLineF(70, 40, 70, 100));  // from its lower end
    QCOMPARE(LineRuns::clipped(QLineF(30, 30, 30, 30), area), QLineF(30, 30, 30, 30));    // a point
    QVERIFY(!LineRuns::clipped(QLineF(-50, 200, 50, 200), area));                         // below the area
    QVERIFY(!LineRuns::clipped(QLineF(150, 10, 150, 90), area));                          // right of it
  }
};

QTEST_MAIN(TestLineRuns)
#include "tst_line_runs.moc"
