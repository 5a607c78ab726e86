// The examples gallery: it lists every shipped example with its title and
// thumbnail, shows the description from the model file, and opening an entry
// (double click or Open) loads that example into the main window, ready to run
// with its settings. Help ▸ Examples… opens it; "Show at startup" persists.

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>

#include "gallery/example_catalog.h"
#include "gallery/example_gallery.h"
#include "gui/gui_test_support.h"
#include "library.h"
#include "model/model_file.h"

using namespace kelvin;

class TestExampleGallery : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    test::useTestSettings("tst_example_gallery");
    blocks::registerAll(registry_);
  }

  void catalogHasEveryExampleWithItsDescription() {
    const gui::ExampleCatalog catalog(QStringLiteral(KELVIN_EXAMPLES_DIR));
    const QStringList files = QDir(KELVIN_EXAMPLES_DIR).entryList({"*.kelvin"}, QDir::Files);
    QCOMPARE(catalog.entries().size(), files.size());
    for (const gui::ExampleEntry& entry : catalog.entries()) {
      QVERIFY2(entry.description.size() > 80, qPrintable(entry.path));
      QVERIFY(!entry.title.isEmpty());
    }
  }

  void listsExamplesWithThumbnailsAndOpensTheChosenOne() {
    gui::MainWindow window(registry_);
    window.show();
    const gui::ExampleCatalog catalog(QStringLiteral(KELVIN_EXAMPLES_DIR));
    gui::ExampleGallery gallery(catalog, registry_, &window);
    QCOMPARE(gallery.list()->count(), catalog.entries().size());
    const QListWidgetItem* first = gallery.list()->item(0);
    QCOMPARE(first->text(), catalog.entries().front().title);
    // The thumbnail is the drawn diagram: not a blank pixmap.
    const QImage image = first->icon().pixmap(QSize(200, 130)).toImage();
    QVERIFY(!image.isNull());
    bool inked = false;
    for (int y = 0; y < image.height() && !inked; ++y)
      for (int x = 0; x < image.width() && !inked; ++x) inked = image.pixel(x, y) != QColor(Qt::white).rgb();
    QVERIFY(inked);

    QObject::connect(&gallery, &gui::ExampleGallery::exampleChosen, &window,
                     [&window](const QString& path) { window.openFile(path); });
    const int row = catalog.entries().size() - 1;
    gallery.list()->setCurrentRow(row);
    QVERIFY(gallery.findChild<QLabel*>() != nullptr);
    QListWidgetItem* item = gallery.list()->item(row);
    Q_EMIT gallery.list()->itemActivated(item);
    QCOMPARE(window.currentFile(), catalog.entries().at(row).path);
    const core::Model expected = core::loadModel(catalog.entries().at(row).path.toStdString());
    QCOMPARE(window.model().settings.stopTime, expected.settings.stopTime);
    QCOMPARE(window.model().blocks.size(), expected.blocks.size());
  }

  void helpMenuOpensTheGallery() {
    gui::MainWindow window(registry_);
    window.show();
    window.action("examples")->trigger();
    auto* gallery = window.findChild<gui::ExampleGallery*>();
    QVERIFY(gallery);
    QVERIFY(gallery->isVisible());
    gallery->reject();
  }

  void showAtStartupIsRemembered() {
    QSettings().remove(QLatin1String(gui::ExampleGallery::kShowAtStartupKey));
    QVERIFY(gui::ExampleGallery::showAtStartup());
    gui::ExampleGallery gallery(gui::ExampleCatalog(QStringLiteral(KELVIN_EXAMPLES_DIR)), registry_);
    gallery.findChild<QCheckBox*>()->setChecked(false);
    QVERIFY(!gui::ExampleGallery::showAtStartup());
  }

 private:
  core::BlockRegistry registry_;
};

QTEST_MAIN(TestExampleGallery)
#include "tst_example_gallery.moc"
