#include "gallery/example_gallery.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

#include "gallery/diagram_thumbnail.h"
#include "gallery/example_catalog.h"

namespace kelvin::gui {

namespace {

constexpr int kPathRole = Qt::UserRole;
constexpr int kDescriptionRole = Qt::UserRole + 1;
constexpr int kCapabilitiesRole = Qt::UserRole + 2;

}  // namespace

ExampleGallery::ExampleGallery(const ExampleCatalog& catalog, const core::BlockRegistry& registry, QWidget* parent)
    : QDialog(parent), list_(new QListWidget), description_(new QLabel), showAtStartup_(new QCheckBox) {
  setWindowTitle(tr("Examples"));
  setObjectName(QStringLiteral("exampleGallery"));
  const QSize thumbnail(200, 130);
  list_->setViewMode(QListView::IconMode);
  list_->setIconSize(thumbnail);
  list_->setGridSize(thumbnail + QSize(30, 50));
  list_->setResizeMode(QListView::Adjust);
  list_->setMovement(QListView::Static);
  list_->setWordWrap(true);
  list_->setMinimumWidth(3 * (thumbnail.width() + 30) + 30);
  for (const ExampleEntry& entry : catalog.entries()) {
    // Titles and capabilities are translated in the "Examples" context (gallery/example_strings.cpp).
    auto* item = new QListWidgetItem(QIcon(renderDiagramThumbnail(entry.path, registry, thumbnail)),
                                     QCoreApplication::translate("Examples", entry.title.toUtf8().constData()));
    item->setData(kPathRole, entry.path);
    item->setData(kDescriptionRole, entry.description);
    QStringList capabilities;
    for (const QString& c : entry.capabilities)
      capabilities << QCoreApplication::translate("Examples", c.toUtf8().constData());
    item->setData(kCapabilitiesRole, capabilities.join(QStringLiteral(", ")));
    list_->addItem(item);
  }
  description_->setWordWrap(true);
  description_->setMinimumHeight(90);
  description_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  description_->setTextFormat(Qt::RichText);

  showAtStartup_->setText(tr("Show at startup"));
  showAtStartup_->setChecked(showAtStartup());
  connect(showAtStartup_, &QCheckBox::toggled, this,
          [](bool on) { QSettings().setValue(QLatin1String(kShowAtStartupKey), on); });

  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Close);
  connect(buttons, &QDialogButtonBox::accepted, this, &ExampleGallery::openCurrent);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(list_, &QListWidget::currentItemChanged, this, &ExampleGallery::showDescription);
  connect(list_, &QListWidget::itemActivated, this, &ExampleGallery::openCurrent);

  auto* bottom = new QHBoxLayout;
  bottom->addWidget(showAtStartup_);
  bottom->addStretch();
  bottom->addWidget(buttons);
  auto* layout = new QVBoxLayout(this);
  auto* heading = new QLabel(tr("Open an example to see what Kelvin can do; each one is ready to run."));
  heading->setWordWrap(true);
  layout->addWidget(heading);
  layout->addWidget(list_, 1);
  layout->addWidget(description_);
  layout->addLayout(bottom);
  resize(760, 620);
  if (list_->count() > 0) list_->setCurrentRow(0);
}

bool ExampleGallery::showAtStartup() { return QSettings().value(QLatin1String(kShowAtStartupKey), true).toBool(); }

void ExampleGallery::showDescription() {
  const QListWidgetItem* item = list_->currentItem();
  if (!item) {
    description_->clear();
    return;
  }
  description_->setText(QStringLiteral("<b>%1</b> <i>(%2)</i><p>%3</p>")
                            .arg(item->text().toHtmlEscaped(), item->data(kCapabilitiesRole).toString().toHtmlEscaped(),
                                 item->data(kDescriptionRole).toString().toHtmlEscaped()));
}

void ExampleGallery::openCurrent() {
  const QListWidgetItem* item = list_->currentItem();
  if (!item) return;
  Q_EMIT exampleChosen(item->data(kPathRole).toString());
  accept();
}

}  // namespace kelvin::gui
