// The photos the agent keeps on the server drawn into the PDF: one reading, shared with the server's live page.
export { withStoredPhotos, photoPropertyIds, type StoredPhoto } from '@cma/report/stored-photos';
