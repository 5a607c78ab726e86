// The Russian translation as a Russian user meets it: with kelvin_ru.qm (the
// one embedded in the application) installed, the main menus, the block
// library's family names and block titles, the inspector and the examples
// gallery are in Russian; and every block title and family of the registry
// has a translation (the generated library_strings.cpp keeps lupdate in step).

#include <QListWidget>
#include <QMenuBar>
#include <QRegularExpression>
#include <QTreeWidget>

#include "gallery/example_catalog.h"
#include "gallery/example_gallery.h"
#include "gui/gui_test_support.h"
#include "i18n/library_text.h"
#include "i18n/translation_loader.h"
#include "palette/palette_tree.h"
#include "palette/palette_widget.h"
#include "library.h"

using namespace kelvin;

class TestTranslations : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    test::useTestSettings("tst_translations");
    blocks::registerAll(registry_);
    QVERIFY(gui::TranslationLoader::install(*QCoreApplication::instance(), QStringLiteral("ru")));
  }

  void languageFollowsTheSetting() {
    QCOMPARE(gui::TranslationLoader::resolve(QStringLiteral("ru")), QStringLiteral("ru"));
    QCOMPARE(gui::TranslationLoader::resolve(QStringLiteral("en")), QStringLiteral("en"));
    QVERIFY(!gui::TranslationLoader::install(*QCoreApplication::instance(), QStringLiteral("en")));  // the source
  }

  void mainMenusAreTranslated() {
    gui::MainWindow window(registry_);
    QStringList menus;
    for (QAction* action : window.menuBar()->actions()) menus << action->text();
    for (const char* menu : {"&Файл", "&Правка", "&Вид", "&Моделирование", "&Справка"})
      QVERIFY2(menus.contains(QString::fromUtf8(menu)), qPrintable(menus.join(", ")));
    QCOMPARE(window.action("save")->text(), QStringLiteral("Со&хранить"));
    QCOMPARE(window.action("examples")->text(), QStringLiteral("&Примеры…"));
  }

  void paletteFamiliesAndBlocksAreTranslated() {
    gui::MainWindow window(registry_);
    QTreeWidget* tree = window.palette()->tree();
    QVERIFY(tree);
    QStringList families;
    for (int k = 0; k < tree->topLevelItemCount(); ++k) families << tree->topLevelItem(k)->text(0);
    for (const char* family : {"Электрические", "Вращательные", "Поступательные", "Гидравлические", "Пневматические",
                               "Тепловые", "Сигнальные", "Анализ"})
      QVERIFY2(families.contains(QString::fromUtf8(family)), qPrintable(families.join(", ")));
    QList<QTreeWidgetItem*> resistor = tree->findItems(QStringLiteral("Резистор"), Qt::MatchExactly | Qt::MatchRecursive);
    QCOMPARE(resistor.size(), 1);
  }

  // Every family, block title and parameter description of the registry has a Russian text.
  void everyBlockTitleIsTranslated() {
    for (const core::ComponentType* type : registry_.all()) {
      QVERIFY2(gui::blockTitle(*type) != QString::fromStdString(type->title), type->type.c_str());
      QVERIFY2(gui::familyTitle(type->family()).at(0).unicode() > 0x400, type->type.c_str());  // Cyrillic
      for (const core::ParamDecl& param : type->params)
        QVERIFY2(param.description.empty() || gui::parameterDescription(param) != QString::fromStdString(param.description),
                 (type->type + "." + param.name).c_str());
    }
  }

  void galleryIsTranslated() {
    gui::ExampleGallery gallery(gui::ExampleCatalog(QStringLiteral(KELVIN_EXAMPLES_DIR)), registry_);
    QCOMPARE(gallery.windowTitle(), QStringLiteral("Примеры"));
    QVERIFY(!gallery.list()->findItems(QStringLiteral("RC-фильтр нижних частот"), Qt::MatchExactly).isEmpty());
    // Every example has a Russian description, shown when the language is Russian.
    const gui::ExampleCatalog russian(QStringLiteral(KELVIN_EXAMPLES_DIR), "ru");
    for (const gui::ExampleEntry& entry : russian.entries())
      QVERIFY2(entry.description.contains(QRegularExpression("[а-яА-Я]{4}")), qPrintable(entry.path));
    const gui::ExampleCatalog english(QStringLiteral(KELVIN_EXAMPLES_DIR), "en");
    const auto rc = std::find_if(english.entries().begin(), english.entries().end(),
                                 [](const gui::ExampleEntry& e) { return e.path.endsWith("rc_lowpass.kelvin"); });
    QVERIFY(rc != english.entries().end() && rc->description.startsWith("First-order RC low-pass"));
  }

 private:
  core::BlockRegistry registry_;
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
