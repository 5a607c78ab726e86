// Every shipped example (resources/examples/*.kelvin) opens in the editor,
// renders (every block has its item, every wire resolves both ports and
// routes orthogonally), and saves back to an equivalent file: the parsed
// JSON of the saved file equals that of the original.

#include <QDir>
#include <QImage>
#include <QPainter>
#include <QTemporaryDir>

#include <nlohmann/json.hpp>

#include "canvas/wire_item.h"
#include "gui_test_support.h"
#include "library.h"

namespace {

nlohmann::json readJson(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {};
  return nlohmann::json::parse(file.readAll().toStdString());
}

}  // namespace

class TestExampleRoundtrip : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    kelvin::test::useTestSettings("tst_example_roundtrip");
    kelvin::blocks::registerAll(registry_);
  }

  void opensRendersAndSavesBack_data() {
    QTest::addColumn<QString>("path");
    const QDir examples(QStringLiteral(KELVIN_EXAMPLES_DIR));
    const QStringList files = examples.entryList({QStringLiteral("*.kelvin")}, QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 5);
    for (const QString& file : files) QTest::newRow(qPrintable(file)) << examples.filePath(file);
  }

  void opensRendersAndSavesBack() {
    QFETCH(QString, path);
    kelvin::gui::MainWindow window(registry_);
    window.resize(1200, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openFile(path));

    kelvin::gui::DiagramScene* scene = window.editor()->scene();
    for (const kelvin::core::Block& block : window.model().blocks) QVERIFY2(scene->blockItem(block.id), block.id.c_str());
    QCOMPARE(scene->wireItems().size(), window.model().connections.size());
    for (const kelvin::gui::WireItem* wire : scene->wireItems()) {
      QVERIFY(wire->isVisible());
      const QPolygonF& path = wire->polyline();
      QVERIFY(path.size() >= 2);
      for (int i = 0; i + 1 < path.size(); ++i)
        QVERIFY(std::abs(path[i].x() - path[i + 1].x()) < 1e-9 || std::abs(path[i].y() - path[i + 1].y()) < 1e-9);
    }
    // Rendering draws something on the white page.
    QImage image(800, 500, QImage::Format_ARGB32);
    image.fill(Qt::white);
    {
      QPainter painter(&image);
      window.editor()->view()->render(&painter);
    }
    int dark = 0;
    for (int y = 0; y < image.height(); y += 2)
      for (int x = 0; x < image.width(); x += 2) dark += qGray(image.pixel(x, y)) < 128;
    QVERIFY2(dark > 200, qPrintable(QString::number(dark)));

    QTemporaryDir dir;
    const QString copy = dir.filePath(QStringLiteral("copy.kelvin"));
    QVERIFY(window.saveFile(copy));
    QCOMPARE(readJson(copy), readJson(path));
  }

 private:
  kelvin::core::BlockRegistry registry_;
};

QTEST_MAIN(TestExampleRoundtrip)
#include "tst_example_roundtrip.moc"
