#include "app/gui/views/heap/bitmap_gallery.h"

#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QListWidget>
#include <QPixmap>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QSlider>
#include <QSplitter>
#include <QVBoxLayout>

#include "app/gui/models/format.h"
#include "core/analysis/leak_trace_text.h"

namespace mxi::gui {

QImage BitmapGallery::pictureOf(const HeapDocument& doc, const core::analysis::BitmapGroup& group) {
  const auto& bitmap = doc.bitmaps.scan.bitmaps[group.members.front()];
  if (bitmap.format == core::analysis::PixelFormat::kRaw) {
    const auto rgba = core::analysis::decodeRawBitmap(bitmap);
    if (!rgba.ok()) return {};
    QImage image(static_cast<int>(rgba->width), static_cast<int>(rgba->height), QImage::Format_RGBA8888_Premultiplied);
    for (uint32_t y = 0; y < rgba->height; ++y) {
      std::memcpy(image.scanLine(static_cast<int>(y)), rgba->rgba.data() + size_t{y} * rgba->width * 4,
                  size_t{rgba->width} * 4);
    }
    return image;
  }
  return QImage::fromData(bitmap.pixels.data(), static_cast<int>(bitmap.pixels.size()));
}

BitmapGallery::BitmapGallery(const HeapDocument& doc, QWidget* parent) : QWidget(parent), m_doc(doc) {
  auto* layout = new QVBoxLayout(this);
  const auto& report = doc.bitmaps;
  uint64_t wasted = 0;
  for (const auto& g : report.groups) wasted += g.wastedBytes;
  auto* summary = new QLabel(tr("%1 bitmaps (%2 reachable, %3 with pixels): %4 duplicate groups wasting %5")
                                 .arg(report.scan.bitmaps.size())
                                 .arg(report.reachable)
                                 .arg(report.scan.withPixels)
                                 .arg(report.groups.size())
                                 .arg(humanBytes(wasted)));
  layout->addWidget(summary);
  if (!report.scan.note.empty()) {
    auto* note = new QLabel(QString::fromStdString(report.scan.note));
    note->setWordWrap(true);
    note->setStyleSheet(
        QStringLiteral("QLabel { background: palette(alternate-base); padding: 6px; border-radius: 4px; }"));
    layout->addWidget(note);
  }
  auto* splitter = new QSplitter(Qt::Horizontal);
  m_list = new QListWidget;
  m_list->setViewMode(QListView::IconMode);
  m_list->setIconSize(QSize(96, 96));
  m_list->setResizeMode(QListView::Adjust);
  m_list->setSpacing(8);
  m_list->setObjectName(QStringLiteral("bitmapThumbnails"));
  for (const auto& g : report.groups) {
    const QImage picture = pictureOf(doc, g);
    auto* item = new QListWidgetItem(
        QIcon(QPixmap::fromImage(
            picture.isNull() ? picture : picture.scaled(96, 96, Qt::KeepAspectRatio, Qt::SmoothTransformation))),
        tr("%1×%2, %3 copies\nwastes %4")
            .arg(g.width)
            .arg(g.height)
            .arg(g.members.size())
            .arg(humanBytes(g.wastedBytes)));
    m_list->addItem(item);
  }
  splitter->addWidget(m_list);
  auto* detail = new QWidget;
  auto* detailLayout = new QVBoxLayout(detail);
  m_zoom = new QSlider(Qt::Horizontal);
  m_zoom->setRange(1, 8);
  m_zoom->setValue(2);
  m_zoom->setToolTip(tr("Zoom"));
  detailLayout->addWidget(m_zoom);
  auto* scroll = new QScrollArea;
  m_picture = new QLabel;
  scroll->setWidget(m_picture);
  scroll->setWidgetResizable(false);
  detailLayout->addWidget(scroll, 2);
  m_chains = new QPlainTextEdit;
  m_chains->setReadOnly(true);
  m_chains->setFont(QFont(QStringLiteral("monospace")));
  detailLayout->addWidget(m_chains, 3);
  splitter->addWidget(detail);
  splitter->setStretchFactor(1, 2);
  layout->addWidget(splitter, 1);
  connect(m_list, &QListWidget::currentRowChanged, this, &BitmapGallery::showGroup);
  connect(m_zoom, &QSlider::valueChanged, this, [this] {
    if (m_current.isNull()) return;
    m_picture->setPixmap(QPixmap::fromImage(m_current.scaled(m_current.size() * m_zoom->value())));
    m_picture->adjustSize();
  });
  if (!report.groups.empty()) m_list->setCurrentRow(0);
}

int BitmapGallery::thumbnailCount() const { return m_list->count(); }

void BitmapGallery::showGroup(int row) {
  if (row < 0 || row >= static_cast<int>(m_doc.bitmaps.groups.size())) return;
  const auto& g = m_doc.bitmaps.groups[static_cast<size_t>(row)];
  m_current = pictureOf(m_doc, g);
  m_picture->setPixmap(QPixmap::fromImage(m_current.scaled(m_current.size() * m_zoom->value())));
  m_picture->adjustSize();
  QString text = tr("%1×%2 %3 (%4), %5 copies × %6, wasting %7, hash %8\n\n")
                     .arg(g.width)
                     .arg(g.height)
                     .arg(QString::fromStdString(std::string(core::analysis::bitmapConfigName(g.config))))
                     .arg(QString::fromStdString(std::string(core::analysis::pixelFormatName(g.format))))
                     .arg(g.members.size())
                     .arg(humanBytes(g.bytesPerCopy))
                     .arg(humanBytes(g.wastedBytes))
                     .arg(QString::fromStdString(g.hash));
  for (size_t m = 0; m < g.members.size(); ++m) {
    const auto& chain = g.chains[m];
    text += tr("Copy %1, held by %2\n").arg(m + 1).arg(QString::fromStdString(chain[g.holders[m]].className));
    text += QString::fromStdString(core::analysis::leakTraceText(chain)) + QLatin1Char('\n');
  }
  m_chains->setPlainText(text);
}

}  // namespace mxi::gui
