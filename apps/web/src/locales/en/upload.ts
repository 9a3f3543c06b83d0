/** The Upload screen (features/upload); its title is the spec's (`screen:uploadTitle`). */
export const upload = {
  lead: 'Share your research: files are stored on IPFS under their content address, and an AI analysis summarises them for the forum.',
  formLabel: 'Upload files',
  dropText: 'Drag and drop files here, or',
  chooseFiles: 'Choose files',
  limits:
    'Up to {{maxFiles}} files, {{maxMegabytes}} MB each: papers, documents, images, videos or audio.',
  selected: 'Selected files ({{selected}}/{{max}})',
  remove: 'Remove',
  removeFile: 'Remove {{name}}',
  addMetadata: 'Add Metadata',
  hideMetadata: 'Hide Metadata',
  postDetails: 'Post details',
  submit: 'Upload Files',
  uploading: 'Uploading…',
  progress: 'Upload progress',
  success: {
    accepted: 'Upload accepted',
    done: 'Upload successful',
    status: 'Status',
    message: 'Message',
    time: 'Time',
    viewPost: 'View post',
  },
  /** A post's status as the upload's answer gives it (POST_STATUSES). */
  status: {
    processing: 'processing',
    published: 'published',
  },
};
